// AgentChat with the branches plug-in, as an app imports them: its cost is this bundle minus AgentChat's.
export { AgentChat } from '@x/agent-ui';
export { branches } from '@x/agent-ui/plugins/branches';
