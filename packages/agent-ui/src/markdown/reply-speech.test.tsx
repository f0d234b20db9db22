import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AnnouncerProvider, useReplySpeech, type ReplySpeech } from '../a11y/announcer.js';
import { enUS } from '../locales/built-in.js';
import { MARKDOWN_KIT } from './markdown-components.js';
import { markdownHtml } from './markdown-html.js';
import { markdownSpeech as speechOf } from './markdown-speech.js';
import { StreamingMarkdown } from './streaming-markdown.js';
import { recordAnnouncements } from '../test-utils/announcements.js';

const { lexMarkdown } = markdownHtml(MARKDOWN_KIT);
const markdownSpeech = (markdown: string, words: typeof enUS, streaming?: boolean) => speechOf(lexMarkdown, markdown, words, streaming);

// What a screen reader hears of a reply is the text the page shows, never its markdown: a streamed
// table is read as its header and rows, inline code keeps its characters and spacing, and a stopped
// reply's "Reply stopped" comes after its last words, not before them.

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Streams `chunks` through a StreamingMarkdown inside an announcer, one render per chunk. */
async function stream(chunks: readonly string[], end?: (speech: ReplySpeech) => void) {
  let speech: ReplySpeech | undefined;
  function Grab() {
    const replySpeech = useReplySpeech();
    useEffect(() => {
      speech = replySpeech;
    });
    return null;
  }
  let text = '';
  const ui = (streaming: boolean) => (
    <AnnouncerProvider>
      <Grab />
      <StreamingMarkdown text={text} streaming={streaming} />
    </AnnouncerProvider>
  );
  const view = render(ui(true));
  const said = recordAnnouncements(view.container);
  for (const chunk of chunks) {
    text += chunk;
    view.rerender(ui(true));
    await flush();
  }
  // What the chat does when the reply ends (ChatAnnouncements): the store says so before the transcript renders.
  if (end) end(speech!);
  view.rerender(ui(false));
  await flush();
  return said;
}

const TABLE = 'Here are the numbers.\n\n| Metric | Before | After |\n| --- | ---: | ---: |\n| Latency | 120 ms | 80 ms |\n| Errors | 3 | 1 |\n\nBetter on both.';

describe('what a screen reader hears of a reply', () => {
  it('reads a streamed table as its header and rows, in order, never its markup', async () => {
    // Streamed a few characters at a time, as a model writes it.
    const chunks = TABLE.match(/[\s\S]{1,7}/g)!;
    const said = await stream(chunks);
    expect(said.join(' ')).toBe('Here are the numbers. Columns: Metric, Before, After. Row 1: Latency, 120 ms, 80 ms. Row 2: Errors, 3, 1. Better on both.');
    expect(said.join(' ')).not.toMatch(/---|\|/);
  });

  it('keeps the characters and spacing of inline code, and reads emphasis and links as their text', () => {
    expect(markdownSpeech('Run `a  &&  b` with `**kwargs` and `snake_case`, see **[the docs](https://example.com)**.', enUS)).toBe(
      'Run a  &&  b with **kwargs and snake_case, see the docs.',
    );
    expect(markdownSpeech('Use `x |', enUS, true)).toBe('Use x |');
    expect(markdownSpeech('AT&amp;T &lt;3 ![a chart](c.png)', enUS)).toBe('AT&T <3 a chart');
  });

  it('says "Reply stopped" after the last words of a stopped reply, in the same announcement', async () => {
    const said = await stream(['The first sentence. ', 'The second', ' one is cut'], (speech) => speech.sayAfter(enUS.replyStopped));
    expect(said).toEqual(['The first sentence.', 'The second one is cut Reply stopped']);
  });

  it('says a note in the same task when no reply is being read', async () => {
    let speech: ReplySpeech | undefined;
    function Grab() {
      speech = useReplySpeech();
      return null;
    }
    const view = render(
      <AnnouncerProvider>
        <Grab />
      </AnnouncerProvider>,
    );
    const region = view.container.querySelector('[data-xagent-announcer]')!;
    await act(async () => {
      speech!.sayAfter('Reply stopped');
      // After the microtasks of the task that asked (a reply finishing in the same commit goes first).
      expect(region.textContent).toBe('');
      await Promise.resolve();
    });
    expect(view.container.querySelector('[data-xagent-announcer]')?.textContent?.replace(/\u200b/g, '')).toBe('Reply stopped');
  });

  it('reads text announced from its mount from its first word; text loaded before is not read when announced later', async () => {
    const REPLY = 'Oslo has 3 °C today. Take an umbrella.\n\nIt rains until Friday.';
    const ui = (parts: readonly { text: string; announce?: boolean; streaming?: boolean }[]) => (
      <AnnouncerProvider>
        {parts.map((part, index) => (
          <StreamingMarkdown key={index} text={part.text} announce={part.announce} streaming={part.streaming} />
        ))}
      </AnnouncerProvider>
    );
    // Loaded history: mounted without `announce`, nothing is read — also once it is announced (a
    // new turn of the same reply) as long as it does not stream.
    const view = render(ui([{ text: 'Loaded before.' }]));
    const said = recordAnnouncements(view.container);
    view.rerender(ui([{ text: 'Loaded before.', announce: true }]));
    await flush();
    expect(said).toEqual([]);
    // A part that reached the page whole in this turn: all of it, once.
    view.rerender(ui([{ text: 'Loaded before.', announce: true }, { text: REPLY, announce: true }]));
    await flush();
    expect(said).toEqual(['Oslo has 3 °C today. Take an umbrella. It rains until Friday.']);
    // A part whose first update already holds two blocks, then streams on: read from its first word.
    view.rerender(ui([{ text: 'Loaded before.', announce: true }, { text: REPLY, announce: true }, { text: 'First block here.\n\nSecond block here. Third', announce: true, streaming: true }]));
    await flush();
    view.rerender(ui([{ text: 'Loaded before.' }, { text: REPLY }, { text: 'First block here.\n\nSecond block here. Third one.' }]));
    await flush();
    expect(said.slice(1).join(' ')).toBe('First block here. Second block here. Third one.');
  });

  it('says two long text parts that reach the page in one frame in one announcement, in order', async () => {
    // Each part more than six blocks at once (a burst: a resumed or very fast reply), so each one's
    // speech is worked out after the paint; the first part finished, the second still streaming.
    const paragraphs = (part: string, count: number) => Array.from({ length: count }, (_, index) => `${part}, paragraph ${index + 1}.`);
    const first = paragraphs('Part one', 8);
    const second = paragraphs('Part two', 8);
    const ui = (parts: readonly { text: string; streaming?: boolean }[]) => (
      <AnnouncerProvider>
        {parts.map((part, index) => (
          <StreamingMarkdown key={index} text={part.text} announce streaming={part.streaming} />
        ))}
      </AnnouncerProvider>
    );
    const view = render(ui([]));
    const said = recordAnnouncements(view.container);
    const both = [{ text: first.join('\n\n') }, { text: `${second.join('\n\n')}\n\nStill`, streaming: true }];
    view.rerender(ui(both));
    // Nothing in the frame that shows them: the speech comes in a task after it.
    expect(said).toEqual([]);
    await flush();
    // One text given to the region (a screen reader hears what it holds when the frame is drawn): both parts.
    expect(said).toEqual([[...first, ...second].join(' ')]);

    // A short part (said at once) before a long one (said after the paint) in one frame: the long
    // one's words join the short one's instead of replacing them.
    const short = paragraphs('Part three', 2);
    const third = paragraphs('Part four', 8);
    view.rerender(ui([...both, { text: short.join('\n\n') }, { text: `${third.join('\n\n')}\n\nStill`, streaming: true }]));
    await flush();
    expect(said.at(-1)).toBe([...short, ...third].join(' '));
  });
});
