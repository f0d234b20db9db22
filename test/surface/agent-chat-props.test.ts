// `AgentChat` keeps at most 25 top-level props (issue 23): what a chat needs at once stays on the
// component, the rest is grouped (`chatOptions`, `events`, `composer`, `ui`, `messageDisplay`).
// Counted in the API report, so a prop added to `AgentChatProps` or to an interface it extends counts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_PROPS = 25;

/** The members of `export interface NAME … { … }` in an API report, with the interfaces it extends. */
function interfaceOf(report: string, name: string): { members: string[]; extendsNames: string[] } {
  const match = new RegExp(`^export interface ${name}\\b([^{]*)\\{\\n([\\s\\S]*?)^\\}`, 'm').exec(report);
  if (!match) throw new Error(`interface ${name} is not in the API report`);
  const members = Array.from(match[2]!.matchAll(/^ {4}(?:readonly )?(\w+)\??[:(]/gm), (m) => m[1]!);
  const extendsNames = Array.from((/extends ([^{]+)/.exec(match[1]!)?.[1] ?? '').matchAll(/\b([A-Z]\w*)(?:<[^>]*>)?/g), (m) => m[1]!);
  return { members, extendsNames };
}

function propsOf(report: string, name: string): Set<string> {
  const { members, extendsNames } = interfaceOf(report, name);
  const props = new Set(members);
  for (const base of extendsNames) if (report.includes(`export interface ${base}`)) for (const prop of propsOf(report, base)) props.add(prop);
  return props;
}

describe('AgentChatProps', () => {
  it(`has at most ${MAX_PROPS} top-level props`, async () => {
    const report = (await readFile(path.join(root, 'packages/agent-ui/api-report.api.md'), 'utf8')).replaceAll('\r\n', '\n');
    const props = propsOf(report, 'AgentChatProps');
    expect(props.size, `AgentChat props: ${[...props].sort().join(', ')}`).toBeGreaterThan(0);
    expect(props.size, `AgentChat props: ${[...props].sort().join(', ')}`).toBeLessThanOrEqual(MAX_PROPS);
  });
});
