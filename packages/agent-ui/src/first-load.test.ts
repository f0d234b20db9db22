import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstLoadKey, readCachedGraph, type FirstLoadGraph } from '../scripts/first-load-graph.ts';

// What Vite 8 puts in the first load of an app that renders AgentChat (scripts/first-load.ts).
// What the chat's UI needs only after its first paint stays behind agent-ui's on-demand `import()`
// (several `import()`s make Vite 8 split the first load: see lazy/load-on-demand.ts). The hooks'
// own logic has no on-demand chunk (issue 23): an action behaves the same before and after any load.
// What a page that only renders AgentChat does not use is not in its graph at all. The sizes are
// measured by `pnpm bench:size`.

const packageDir = path.resolve(import.meta.dirname, '..');

/**
 * The kit's module graph of an app that imports `names` from the built `module`. In `pnpm test` the
 * budgets stage has built this bundle already and recorded its graph (scripts/first-load-graph.ts):
 * read it when it comes from the `dist/` there now, else build (scripts/first-load.ts).
 */
async function firstLoadOf(module: string, names: string): Promise<FirstLoadGraph> {
  const built = path.resolve(packageDir, '..', module);
  // Fails (never skips) without a build: `pnpm test` builds first.
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`pnpm build\` before this test`);
  const recorded = readCachedGraph(firstLoadKey(module, names));
  if (recorded) return recorded;
  // Vite builds in a child Node process (not inside the test environment).
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(packageDir, 'scripts/first-load.ts'), module, names], { cwd: packageDir });
  return JSON.parse(stdout) as FirstLoadGraph;
}

describe('the first load of a page with AgentChat', () => {
  let bundle: FirstLoadGraph;
  beforeAll(async () => {
    bundle = await firstLoadOf('agent-ui/dist/index.js', 'AgentChat');
  });

  it('has the chat, the composer and the transcript', () => {
    expect(bundle.firstLoad).toEqual(
      expect.arrayContaining(['agent-ui/chat/agent-chat.js', 'agent-ui/composer/composer.js', 'agent-ui/transcript/message-list.js', 'agent-core/session.js']),
    );
  });

  it('leaves out what a chat needs only after its first paint', () => {
    const onDemand = [
      // @x/agent-ui: tool cards, approvals, message actions, the drawer, alerts, Think/ThoughtChain/FileCard, some icons
      'agent-ui/lazy/on-demand-parts.js',
      'agent-ui/tools/approval-card.js',
      'agent-ui/tools/tool-call-card.js',
      'agent-ui/transcript/message-actions.js',
      'agent-ui/chat/chat-drawer.js',
      'agent-ui/chat/error-alert.js',
      'agent-ui/composer/attachment-preview.js',
      // dictation: the microphone button and status, the recorder, speech recognition, the transcription request
      'agent-ui/composer/dictation-controls.js',
      'agent-ui/composer/dictation-session.js',
      'agent-ui/composer/speech-recognition.js',
      'agent-ui/composer/transcribe-recording.js',
      'agent-ui/transcript/reply-end-mark.js',
      'agent-ui/lazy/on-demand-icon-glyph.js',
      'agent-ui/markdown/highlighted-code.js',
      // the markdown pipeline: its own chunk, fetched as the chat's code runs (marked comes with it;
      // the kit's links, images, code blocks and tables stay)
      'agent-ui/markdown/markdown-parts.js',
      'agent-ui/markdown/markdown-html.js',
      'agent-ui/markdown/markdown-tokens.js',
      'agent-ui/markdown/markdown-speech.js',
      'agent-ui/markdown/complete-tail.js',
    ];
    expect(onDemand.filter((module) => bundle.firstLoad.includes(module))).toEqual([]);
    expect(bundle.onDemand).toEqual(expect.arrayContaining(onDemand));
  });

  it('has the hooks\' actions in the first load, with no on-demand chunk of their own (only the upload request, with the first file attached)', () => {
    const actions = ['agent-core/transport.js', 'agent-core/ui-chunk-stream.js', 'agent-core/send.js', 'agent-core/stop.js', 'agent-core/tool-calls.js', 'agent-core/server-history.js'];
    expect(actions.filter((module) => !bundle.firstLoad.includes(module))).toEqual([]);
    // An upload waits for its request's code the first time (its progress shows meanwhile, a failed
    // load is the file's upload error); every action of the hooks works the same before any load.
    const uploads = (module: string) => module.startsWith('agent-core/files/') || module.startsWith('agent-react/files/');
    expect(bundle.onDemand.filter((module) => (module.startsWith('agent-react/') || module.startsWith('agent-core/')) && !uploads(module))).toEqual([]);
    expect(bundle.firstLoad.filter(uploads)).toEqual([]);
    expect(bundle.onDemand).toContain('agent-core/files/upload-file.js');
  });

  it('has nothing of the conversation list, run records or the timeline (their own entries, not used by AgentChat)', () => {
    const unused = [...bundle.firstLoad, ...bundle.onDemand].filter((module) =>
      ['agent-react/conversations/', 'agent-react/runs/', 'agent-core/conversations/', 'agent-core/runs/', 'agent-ui/timeline/', 'agent-ui/conversations/'].some((folder) => module.startsWith(folder)),
    );
    expect(unused).toEqual([]);
  });

  it('has English and the message formatter; every other locale catalogue only on demand', () => {
    const catalogue = /^agent-ui\/locales\/[a-z]+_[A-Z]+\.js$/u;
    expect(bundle.firstLoad).toEqual(expect.arrayContaining(['agent-ui/locales/en_US.js', 'agent-ui/locales/format-message.js']));
    expect(bundle.firstLoad.filter((module) => catalogue.test(module))).toEqual(['agent-ui/locales/en_US.js']);
    expect(bundle.onDemand).toEqual(expect.arrayContaining(['agent-ui/locales/de_DE.js', 'agent-ui/locales/zh_CN.js', 'agent-ui/locales/ru_RU.js']));
  });

  it('has none of the plug-ins, first or on demand: the queue list, the branch switcher, resume, live, A2UI, MCP Apps', () => {
    const plugins = [...bundle.firstLoad, ...bundle.onDemand].filter(
      (module) =>
        ['agent-ui/a2ui/', 'agent-ui/mcp-app/', 'agent-core/resume/', 'agent-core/live/', 'agent-core/queue/'].some((folder) => module.startsWith(folder)) ||
        // The queue's own code in the core (saving, restoring, its edits, Stop holding it aside).
        ['agent-core/queue.js', 'agent-core/queue-edits.js', 'agent-core/queue-hold.js'].includes(module) ||
        // The plug-in entries (the plug-in mechanism itself, plugins/plugin*.js, is the chat's).
        /^agent-ui\/plugins\/(queue|attachments|dictation|branches|resume|live|a2ui|mcp-apps)\.js$/u.test(module) ||
        ['agent-ui/composer/queued-messages.js', 'agent-ui/transcript/branch-switcher.js', 'agent-ui/lazy/a2ui-parts.js'].includes(module),
    );
    expect(plugins).toEqual([]);
  });

  it('has nothing of the inspector, first or on demand (it is the separate @x/agent-ui/inspector entry)', () => {
    expect([...bundle.firstLoad, ...bundle.onDemand].filter((module) => module.startsWith('agent-ui/inspector/'))).toEqual([]);
  });
});

// The headless hooks alone (an app with its own UI): the optional features are separate imports
// the app passes in, so a page that only calls `useAgentChat` has none of them.
describe('the first load of a page with only useAgentChat', () => {
  let bundle: FirstLoadGraph;
  beforeAll(async () => {
    bundle = await firstLoadOf('agent-react/dist/index.js', 'useAgentChat');
  });

  it('has the chat session, sending and Stop', () => {
    expect(bundle.firstLoad).toEqual(expect.arrayContaining(['agent-react/use-agent-chat.js', 'agent-core/session.js', 'agent-core/send.js', 'agent-core/stop.js']));
  });

  it('has nothing of the queue, resume, conversations, run records, uploads or AG-UI, and no UI', () => {
    const optional = [...bundle.firstLoad, ...bundle.onDemand].filter(
      (module) =>
        ['agent-react/queue/', 'agent-react/resume/', 'agent-react/conversations/', 'agent-react/runs/', 'agent-react/files/', 'agent-react/ag-ui/', 'agent-core/queue/', 'agent-core/resume/', 'agent-core/live/', 'agent-core/conversations/', 'agent-core/runs/', 'agent-core/files/', 'agent-core/ag-ui/', 'agent-ui/'].some((folder) =>
          module.startsWith(folder),
        ) || ['agent-core/queue.js', 'agent-core/queue-edits.js', 'agent-core/queue-hold.js'].includes(module),
    );
    expect(optional).toEqual([]);
    expect(bundle.onDemand).toEqual([]);
  });
});
