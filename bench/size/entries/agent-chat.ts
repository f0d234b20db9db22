// The components entry as an app imports it.
export { AgentChat } from '@x/agent-ui';
