/**
 * Ours: the kit's `AgentChat` (headless hooks + components), consumed through its dist, in the kit's
 * documented styling mode: the static stylesheets (`@x/agent-ui/antd.css`, `styles.css`) and
 * `ui={{ styles: 'static' }}` — antd and Ant Design X register no component styles at mount.
 */
import { AgentChat } from '@x/agent-ui';
import '@x/agent-ui/antd.css';
import '@x/agent-ui/styles.css';
import type { AgentUIMessage } from '@x/agent-protocol';
import { benchConversation } from '../shared/history.ts';
import { mountContender } from '../shared/mount.tsx';
import '../shared/page.css';

// `&server` (S4@M/server): the conversation's newest page comes from the server's history route and
// older pages as the user scrolls up, as in an app with a store; otherwise the whole array.
const conversationId = benchConversation();
const STATIC = { styles: 'static' } as const;
mountContender(
  (history) =>
    conversationId ? (
      <AgentChat agentId="bench" api="/api/agent" conversationId={conversationId} height="100%" ui={STATIC} />
    ) : (
      <AgentChat agentId="bench" api="/api/agent" messages={history as AgentUIMessage[]} height="100%" ui={STATIC} />
    ),
  { pages: true },
);
