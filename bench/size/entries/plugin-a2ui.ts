// AgentChat with the a2ui plug-in, as an app imports them: its cost is this bundle minus AgentChat's.
export { AgentChat } from '@x/agent-ui';
export { a2ui } from '@x/agent-ui/plugins/a2ui';
