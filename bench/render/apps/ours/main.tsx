/** Ours: the kit's `AgentChat` (headless hooks + components), consumed through its dist. */
import { AgentChat } from '@x/agent-ui';
import type { AgentUIMessage } from '@x/agent-protocol';
import { benchConversation } from '../shared/history.ts';
import { mountContender } from '../shared/mount.tsx';
import '../shared/page.css';

// `&server` (S4@M/server): the conversation's newest page comes from the server's history route and
// older pages as the user scrolls up, as in an app with a store; otherwise the whole array.
const conversationId = benchConversation();
mountContender(
  (history) =>
    conversationId ? (
      <AgentChat agentId="bench" api="/api/agent" conversationId={conversationId} height="100%" />
    ) : (
      <AgentChat agentId="bench" api="/api/agent" messages={history as AgentUIMessage[]} height="100%" />
    ),
  { pages: true },
);
