// AgentChat with the mcp-apps plug-in, as an app imports them: its cost is this bundle minus AgentChat's.
export { AgentChat } from '@x/agent-ui';
export { mcpApps } from '@x/agent-ui/plugins/mcp-apps';
