// AgentChat with the resume plug-in, as an app imports them: its cost is this bundle minus AgentChat's.
export { AgentChat } from '@x/agent-ui';
export { resume } from '@x/agent-ui/plugins/resume';
