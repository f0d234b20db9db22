'use client';
import { AgentChat } from '@x/agent-ui';
import { queue } from '@x/agent-ui/plugins/queue';

// The send queue: a message sent while a reply streams waits above the composer and goes after it.
// This example's server keeps no history (no `store`), so resumable runs and live events have
// nothing to follow: with a store, add `resume()` and `live()` (`@x/agent-ui/plugins/resume`, `/live`).
const plugins = [queue()];

export function Chat() {
  return <AgentChat agentId="assistant" height="calc(100vh - 120px)" plugins={plugins} />;
}
