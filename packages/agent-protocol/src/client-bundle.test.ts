import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** Bundles an entry importing `names` from the built protocol, with nothing external. */
async function bundle(names: string[]): Promise<string> {
  const result = await build({
    stdin: { contents: `export { ${names.join(', ')} } from ${JSON.stringify(dist)};`, resolveDir: process.cwd(), loader: 'js' },
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
  it('carry no zod when they import only names, guards and error codes', async () => {
    const code = await bundle([
      'DEFAULT_BASE_PATH',
      'CHAT_TITLE_PART',
      'SUGGESTIONS_PART',
      'UPDATE_PAGE_STATE_TOOL',
      'RESERVED_KEYS',
      'isReservedKey',
      'toolNameProblem',
      'isChatTitlePart',
      'isSuggestionsPart',
      'sharedStateKind',
      'AGENT_ERROR_STATUS',
      'isAgentErrorBody',
    ]);
    expect(code).not.toMatch(/ZodError|\$ZodType|zod/i);
    expect(code.length).toBeLessThan(4_000);
  });

  it('do carry zod when a schema is imported (the check above can fail)', async () => {
    const code = await bundle(['agentRequestBodySchema']);
    expect(code.length).toBeGreaterThan(20_000);
  });
});
