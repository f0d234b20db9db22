// AgentChat with the dictation plug-in, as an app imports them: its cost is this bundle minus AgentChat's.
export { AgentChat } from '@x/agent-ui';
export { dictation } from '@x/agent-ui/plugins/dictation';
