// The root entries of the packages together export at most 269 distinct names (issue 23 set 220): what
// most apps need is at the root, the rest is in subpath entries (`@x/agent-server/store`,
// `@x/agent-core/conversations`, `@x/agent-ui/locales`, `@x/agent-protocol/remote-agents`, …). Counted
// in the API reports, re-exports included; a name one package re-exports from another (`@x/agent-react`
// re-exports the core's `AgentChatSnapshot`, …) is one name, counted once.
// Raised to 232 for the names a root export's type names and API Extractor therefore needs at the root:
// A2A config (`A2aPublishConfig`, `A2aSkillConfig`, `RemoteAgentConfig`, `RemoteAgentCardInput`,
// `RemoteAgentHeadersContext`), `RemoteAgentError` + kind, `QueuePausedReason`, `Catalogue`,
// `AgentUIStringsOverride`, `RemoteAgentQuestion` + props; the locale helpers and the remote-agent wire
// went to subpath entries instead. Raised to 253 by `@x/agent-core` (issue 37): the client without React
// (`createAgentChat`, `AgentChatClient`, `SnapshotStore`, formerly `@x/agent-react/core`) and what the
// kit's bindings share (the controller, its session and their members' types, `whenIdle`,
// `UndoWindows`, the request helpers), formerly the unreported `@x/agent-react/internal`. Raised to
// 260 by AgentChat's primitives and plug-ins (issue 37): the parts AgentChat is composed of, now
// documented (`AgentChatPanel` + props, `AgentWelcome`, `AgentChatError`, `AgentReconnectingNotice`,
// `AgentChatDrawer`) and the plug-in type `AgentChatProps.plugins` names (`AgentChatPlugin`,
// `AgentChatPartsPlugin`, `AgentChatConnection`, `pluginChatOptions`); `ChatAttachmentOptions`,
// `McpAppsOptions` and `McpAppMessageBudget` left the root for their plug-ins' entries. Raised to 262 by
// `TransitionMount` + props (issue 37): AgentChat mounts its view with it, so a custom layout can too.
// Raised to 268 by the chat engine that replaced the `ai` package's runtime (issue 37, session 27):
// `ChatEngine` + `ChatEngineInit` (`AgentCoreChat`'s base, the state machine over any `ChatState`),
// `AgentCoreChatInit`, `AgentChatTransportOptions` (what `AgentChatTransport`'s constructor takes, the
// SDK's types before), and the two errors the chat now raises instead of the SDK's, `ChatApiError` and
// `ChunkParseError` (an app tells a refusal from a bad stream by them). Raised to 269 by
// `preloadChatParts` (issue 37, session 29): AgentChat asks for its parts' chunk as it creates its chat,
// before its view mounts in a `TransitionMount`; a custom layout mounting the same way needs it too.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SURFACE_PACKAGES } from '../../scripts/surface/packages.ts';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_ROOT_NAMES = 269;

it(`the root entries of the packages export at most ${MAX_ROOT_NAMES} distinct names`, async () => {
  const counts: Record<string, number> = {};
  const names = new Set<string>();
  for (const name of SURFACE_PACKAGES) {
    const report = await readFile(path.join(root, 'packages', name, 'api-report.api.md'), 'utf8');
    const exported = [...report.matchAll(/^export (?:declare )?(?:abstract )?(?:function|const|class|interface|type|enum|namespace|\{) ?(\w+)/gm)].map((match) => match[1]!);
    counts[name] = exported.length;
    for (const exportedName of exported) names.add(exportedName);
  }
  expect(Object.values(counts).every((n) => n > 0), JSON.stringify(counts)).toBe(true);
  expect(names.size, `root names per package: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(MAX_ROOT_NAMES);
});
