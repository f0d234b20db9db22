// AgentChat with the queue plug-in, as an app imports them: its cost is this bundle minus AgentChat's.
export { AgentChat } from '@x/agent-ui';
export { queue } from '@x/agent-ui/plugins/queue';
