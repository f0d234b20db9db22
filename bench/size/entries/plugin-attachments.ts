// AgentChat with the attachments plug-in, as an app imports them: its cost is this bundle minus AgentChat's.
export { AgentChat } from '@x/agent-ui';
export { attachments } from '@x/agent-ui/plugins/attachments';
