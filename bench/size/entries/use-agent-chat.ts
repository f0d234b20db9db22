// The hooks an app with its own UI starts from: `useAgentChat` alone (the issue-23 hooks target).
export { useAgentChat } from '@x/agent-react';
