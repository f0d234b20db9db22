// AgentChat with the live plug-in, as an app imports them: its cost is this bundle minus AgentChat's.
export { AgentChat } from '@x/agent-ui';
export { live } from '@x/agent-ui/plugins/live';
