'use client';
import { AgentChat } from '@x/agent-ui';

export function Chat() {
  return <AgentChat agentId="assistant" height="calc(100vh - 120px)" />;
}
