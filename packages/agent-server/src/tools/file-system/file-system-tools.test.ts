import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_TOOL_NAMES } from '@x/agent-protocol';
import { createAgentServer } from '../../server.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { chunksOf, toolCallParts } from '../../test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from '../../test-utils/sse.js';

const silent = { warn: () => {}, error: () => {} };
const GUIDE = 'one\ntwo\nThe Refund policy\nthree\nfour\n';
const UNICODE = Array.from({ length: 400 }, (_, i) => `é${i} 日本語 🙂 ${'x'.repeat(i % 7)}\n`).join('') + 'no newline at the end 🙂';
let root: string;
let kb: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'agent-fs-'));
  kb = join(root, 'kb');
  mkdirSync(join(kb, 'docs', 'deep'), { recursive: true });
  writeFileSync(join(kb, 'readme.md'), '# Readme\nWelcome to the base.\n');
  writeFileSync(join(kb, 'docs', 'guide.md'), GUIDE);
  writeFileSync(join(kb, 'docs', 'deep', 'notes.txt'), 'refund again\n');
  writeFileSync(join(kb, 'docs', 'binary.bin'), Buffer.from([0, 1, 2, 114, 101, 102, 117, 110, 100]));
  writeFileSync(join(kb, 'big.txt'), 'a'.repeat(600 * 1024));
  writeFileSync(join(kb, 'unicode.txt'), UNICODE);
  writeFileSync(join(kb, 'lines.txt'), Array.from({ length: 5000 }, (_, i) => `line ${i + 1}\n`).join(''));
  writeFileSync(join(kb, 'huge.log'), `refund\n${'x'.repeat(1024 * 1024)}`);
  mkdirSync(join(root, 'kb-evil'));
  writeFileSync(join(root, 'kb-evil', 'secret.txt'), 'top secret');
  symlinkSync(join(root, 'kb-evil', 'secret.txt'), join(kb, 'leak.txt'));
  symlinkSync(join(root, 'kb-evil'), join(kb, 'evil-dir'));
  symlinkSync(join(kb, 'readme.md'), join(kb, 'alias.md'));
});

/** Runs one call of a file tool through the server; returns its output or error text. */
async function call(toolName: string, input: unknown, limits?: { toolResultMaxChars: number }) {
  const model = mockModel(toolCallParts({ toolName, input }), textParts('ok'));
  const server = createAgentServer({ agents: { assistant: { model, fileSystem: { basePath: kb } } }, logger: silent, ...(limits ? { limits } : {}) });
  const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
  const output = chunksOf(chunks, 'tool-output-available')[0]?.output;
  const error = chunksOf(chunks, 'tool-output-error')[0]?.errorText;
  return { output, error, model };
}

describe('file-system tools', () => {
  it('offers the four read-only tools when the agent has fileSystem.basePath', async () => {
    const { model } = await call('stat-file', { path: 'readme.md' });
    expect((model.doStreamCalls[0]!.tools ?? []).map((t) => t.name)).toEqual([...FILE_TOOL_NAMES]);
  });

  it('read-file returns the UTF-8 text', async () => {
    expect((await call('read-file', { path: 'docs/guide.md' })).output).toBe(GUIDE);
  });

  it('read-file pages a 600 KiB file under the default result cap: the notice names the real size, how to read on and search-files', async () => {
    const { output } = await call('read-file', { path: 'big.txt' });
    const text = output as string;
    expect(text.length).toBeLessThanOrEqual(50_000);
    expect(text).not.toContain('Result truncated');
    const notice = text.slice(text.lastIndexOf('\n\n['));
    expect(notice).toContain('600 KiB (614400 bytes)');
    expect(notice).toContain('search-files');
    const next = /"byteOffset": (\d+)/.exec(notice);
    expect(next).not.toBeNull();
    expect(text.slice(0, text.lastIndexOf('\n\n['))).toBe('a'.repeat(Number(next![1])));
  });

  it('read-file paging by the notice\'s next offset gives back the whole file, multi-byte characters intact', async () => {
    const paged: string[] = [];
    let input: Record<string, unknown> = { path: 'unicode.txt' };
    for (let page = 0; page < 50; page++) {
      const text = (await call('read-file', input, { toolResultMaxChars: 3_000 })).output as string;
      const cut = text.lastIndexOf('\n\n[read-file:');
      if (cut < 0) throw new Error(`no notice on page ${page}`);
      paged.push(text.slice(0, cut));
      const next = /read-file \{ "path": "unicode.txt", "(offset|byteOffset)": (\d+) \}/.exec(text.slice(cut));
      if (!next) break;
      input = { path: 'unicode.txt', [next[1]!]: Number(next[2]) };
    }
    expect(paged.length).toBeGreaterThan(2);
    expect(paged.join('')).toBe(UNICODE);
  });

  it('read-file reads the lines asked for (offset is 1-based, limit counts lines)', async () => {
    const text = (await call('read-file', { path: 'lines.txt', offset: 10, limit: 3 })).output as string;
    expect(text.startsWith('line 10\nline 11\nline 12\n\n\n[read-file: showing lines 10–12')).toBe(true);
    expect(text).toContain('of 5000 lines');
    expect(text).toContain('read-file { "path": "lines.txt", "offset": 13 }');
    const last = (await call('read-file', { path: 'lines.txt', offset: 4999 })).output as string;
    expect(last.startsWith('line 4999\nline 5000\n\n\n[read-file: showing lines 4999–5000')).toBe(true);
    expect(last).toContain('end of file');
    expect((await call('read-file', { path: 'lines.txt', offset: 6000 })).error).toContain('has 5000 lines');
  });

  it('read-file reads a byte range, starting on a whole character', async () => {
    const text = (await call('read-file', { path: 'docs/guide.md', byteOffset: 4, byteLimit: 4 })).output as string;
    expect(text.startsWith('two\n\n\n[read-file: showing bytes 4–7')).toBe(true);
    const mid = (await call('read-file', { path: 'unicode.txt', byteOffset: 1, byteLimit: 8 })).output as string;
    expect(UNICODE.startsWith('é')).toBe(true);
    expect(mid.startsWith(UNICODE.slice(1, 4))).toBe(true); // the cut "é" is skipped, not garbled
  });

  it('list-files lists a directory sorted, with name, path, type and size', async () => {
    const { output } = await call('list-files', { path: 'docs' });
    expect(output).toEqual({
      path: 'docs',
      entries: [
        { name: 'binary.bin', path: 'docs/binary.bin', type: 'file', size: 9 },
        { name: 'deep', path: 'docs/deep', type: 'directory', size: expect.any(Number) },
        { name: 'guide.md', path: 'docs/guide.md', type: 'file', size: GUIDE.length },
      ],
    });
  });

  it('list-files with a glob lists matching entries at any depth, and drops symlinks leading outside', async () => {
    const md = (await call('list-files', { glob: '*.md' })).output as { entries: { path: string }[] };
    expect(md.entries.map((e) => e.path)).toEqual(['alias.md', 'docs/guide.md', 'readme.md']);
    const all = (await call('list-files', { glob: '**' })).output as { entries: { path: string }[] };
    const paths = all.entries.map((e) => e.path);
    expect(paths).not.toContain('leak.txt');
    expect(paths).not.toContain('evil-dir');
    expect(paths.some((p) => p.includes('secret'))).toBe(false);
  });

  it('search-files finds case-insensitive matches with line numbers and context, skipping big and binary files', async () => {
    const { output } = await call('search-files', { query: 'REFUND' });
    expect(output).toEqual({
      query: 'REFUND',
      results: [
        {
          path: 'docs/deep/notes.txt',
          matches: [{ lineNumber: 1, line: 'refund again', context: { before: [], after: [''] } }],
        },
        {
          path: 'docs/guide.md',
          matches: [{ lineNumber: 3, line: 'The Refund policy', context: { before: ['one', 'two'], after: ['three', 'four'] } }],
        },
      ],
      skipped: ['huge.log'],
    });
  });

  it('search-files stops at 200 matches in all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-fs-many-'));
    writeFileSync(join(dir, 'a.txt'), 'hit\n'.repeat(150));
    writeFileSync(join(dir, 'b.txt'), 'hit\n'.repeat(150));
    const model = mockModel(toolCallParts({ toolName: 'search-files', input: { query: 'hit' } }), textParts('ok'));
    const server = createAgentServer({ agents: { a: { model, fileSystem: { basePath: dir } } }, logger: silent, limits: { toolResultMaxChars: 10_000_000 } });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] }, { path: '/api/agent/a' })));
    const output = chunksOf(chunks, 'tool-output-available')[0]!.output as { results: { matches: unknown[] }[]; truncated?: boolean };
    expect(output.results.map((r) => r.matches.length)).toEqual([150, 50]);
    expect(output.truncated).toBe(true);
  });

  it('stat-file gives name, path, size, type and ISO times', async () => {
    expect((await call('stat-file', { path: '/docs/guide.md' })).output).toEqual({
      name: 'guide.md',
      path: 'docs/guide.md',
      size: GUIDE.length,
      type: 'file',
      modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it.each([
    ['empty path is the base', { path: '' }, { path: '/', type: 'directory' }],
    ['"/" is the base', { path: '/' }, { path: '/', type: 'directory' }],
    ['leading slashes are re-rooted under the base', { path: '//readme.md' }, { path: 'readme.md', type: 'file' }],
    ['a symlink inside the base is followed', { path: 'alias.md' }, { path: 'readme.md', type: 'file' }],
  ])('resolves paths: %s', async (_name, input, expected) => {
    expect((await call('stat-file', input)).output).toMatchObject(expected);
  });

  it.each([
    ['traversal', 'read-file', { path: '../kb-evil/secret.txt' }],
    ['sibling prefix', 'stat-file', { path: '../kb-evil' }],
    ['nested traversal', 'list-files', { path: 'docs/../../kb-evil' }],
    ['symlink to a file outside', 'read-file', { path: 'leak.txt' }],
    ['symlink to a directory outside', 'list-files', { path: 'evil-dir' }],
    ['file behind a symlinked directory', 'read-file', { path: 'evil-dir/secret.txt' }],
    ['search through a symlink', 'search-files', { query: 'secret', path: 'evil-dir' }],
  ])('refuses escapes: %s', async (_name, toolName, input) => {
    const { output, error } = await call(toolName, input);
    expect(output).toBeUndefined();
    expect(error).toMatch(/access denied: ".*" is outside the allowed directory/);
    expect(error).not.toContain('top secret');
  });

  it('reports a missing file clearly', async () => {
    expect((await call('read-file', { path: 'nope.md' })).error).toContain('"nope.md" does not exist');
  });
});
