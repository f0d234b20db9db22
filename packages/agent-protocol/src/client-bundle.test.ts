import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const validation = fileURLToPath(new URL('../dist/validation-entry.js', import.meta.url));

/** Bundles an entry importing `names` (or everything: `*`) from a built entry, with nothing external. */
async function bundle(entry: string, names: string[] | '*'): Promise<string> {
  const contents = names === '*' ? `export * from ${JSON.stringify(entry)};` : `export { ${names.join(', ')} } from ${JSON.stringify(entry)};`;
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    treeShaking: true,
    platform: 'browser',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('client bundles of @x/agent-protocol', () => {
  it('carry no zod from the whole root entry (names, guards, error codes, approvals)', async () => {
    const code = await bundle(root, '*');
    expect(code).toContain('data-chat-title');
    expect(code).not.toMatch(/ZodError|\$ZodType|zod/i);
    expect(code.length).toBeLessThan(6_000);
  });

  it('carry no zod when they import only the rules of /validation (ids, tool names, reserved keys)', async () => {
    const code = await bundle(validation, ['RESERVED_KEYS', 'isReservedKey', 'toolNameProblem', 'sharedStateKind', 'isValidId']);
    expect(code).not.toMatch(/ZodError|\$ZodType|zod/i);
    expect(code.length).toBeLessThan(4_000);
  });

  it('do carry zod when a schema is imported (the checks above can fail)', async () => {
    const code = await bundle(validation, ['agentRequestBodySchema']);
    expect(code.length).toBeGreaterThan(20_000);
  });
});
