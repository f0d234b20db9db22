// The four root entries together export at most 232 names (issue 23 set 220): what most apps need is
// at the root, the rest is in subpath entries (`@x/agent-server/store`, `@x/agent-react/conversations`,
// `@x/agent-ui/locales`, `@x/agent-protocol/remote-agents`, …). Counted in the API reports, re-exports
// included. Raised to 232 for the names a root export's type names and API Extractor therefore needs at
// the root: A2A config (`A2aPublishConfig`, `A2aSkillConfig`, `RemoteAgentConfig`, `RemoteAgentCardInput`,
// `RemoteAgentHeadersContext`), `RemoteAgentError` + kind, `QueuePausedReason`, `Catalogue`,
// `AgentUIStringsOverride`, `RemoteAgentQuestion` + props; the locale helpers and the remote-agent wire
// went to subpath entries instead.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SURFACE_PACKAGES } from '../../scripts/surface/packages.ts';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_ROOT_NAMES = 232;

it(`the root entries of the four packages export at most ${MAX_ROOT_NAMES} names`, async () => {
  const counts: Record<string, number> = {};
  for (const name of SURFACE_PACKAGES) {
    const report = await readFile(path.join(root, 'packages', name, 'api-report.api.md'), 'utf8');
    counts[name] = report.match(/^export /gm)?.length ?? 0;
  }
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  expect(Object.values(counts).every((n) => n > 0), JSON.stringify(counts)).toBe(true);
  expect(total, `root names per package: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(MAX_ROOT_NAMES);
});
