import { act, render } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { AnnouncerProvider, useAnnounce, type Announce } from './announcer.js';
import { StreamingMarkdown } from '../markdown/streaming-markdown.js';

const REPLY = 'The **first** paragraph is here.\n\nA second one follows.\n\n- a list\n- of items\n\nAnd the last words';

describe('screen-reader announcements', () => {
  // Each update in a task of its own, as a stream's frames are: what is said in one task is joined.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('announces each finished block once while streaming, never per token', async () => {
    const announced: string[] = [];
    const { rerender, container } = render(
      <AnnouncerProvider>
        <StreamingMarkdown text="" streaming />
      </AnnouncerProvider>,
    );
    const region = container.querySelector('[role="status"][aria-live="polite"]')!;
    let last = region.textContent;
    let updates = 0;
    for (let end = 1; end <= REPLY.length; end++) {
      rerender(
        <AnnouncerProvider>
          <StreamingMarkdown text={REPLY.slice(0, end)} streaming />
        </AnnouncerProvider>,
      );
      updates += 1;
      await nextTask();
      if (region.textContent !== last) {
        last = region.textContent;
        announced.push(last!.replace(/\u200b/g, ''));
      }
    }
    rerender(
      <AnnouncerProvider>
        <StreamingMarkdown text={REPLY} streaming={false} />
      </AnnouncerProvider>,
    );
    announced.push(region.textContent!.replace(/\u200b/g, ''));
    expect(updates).toBe(REPLY.length);
    expect(announced).toEqual(['The first paragraph is here.', 'A second one follows.', 'a list of items', 'And the last words']);
  });

  for (const mode of ['sentences', 'end'] as const) {
    it(`reads a one-paragraph reply ${mode === 'sentences' ? 'sentence by sentence as it streams' : 'once, at its end'}`, async () => {
      const text = 'It is 3 °C in Oslo. It rains! Take an umbrella';
      const view = (end: number, streaming: boolean) => (
        <AnnouncerProvider mode={mode}>
          <StreamingMarkdown text={text.slice(0, end)} streaming={streaming} />
        </AnnouncerProvider>
      );
      const { rerender, container } = render(view(0, true));
      const region = container.querySelector('[role="status"][aria-live="polite"]')!;
      const announced: string[] = [];
      let last = region.textContent;
      const record = () => {
        if (region.textContent !== last) announced.push((last = region.textContent)!.replace(/\u200b/g, ''));
      };
      for (let end = 1; end <= text.length; end++) {
        rerender(view(end, true));
        await nextTask();
        record();
      }
      rerender(view(text.length, false));
      record();
      expect(announced).toEqual(mode === 'sentences' ? ['It is 3 °C in Oslo.', 'It rains!', 'Take an umbrella'] : [text]);
    });
  }

  it('does not announce loaded history', () => {
    const { container } = render(
      <AnnouncerProvider>
        <StreamingMarkdown text={REPLY} />
      </AnnouncerProvider>,
    );
    expect(container.querySelector('[role="status"]')!.textContent).toBe('');
  });

  it('an announcement changes the live region without a React commit; two in one task are joined', async () => {
    let announce: Announce = () => {};
    function Grab() {
      announce = useAnnounce();
      return null;
    }
    let commits = 0;
    const { container } = render(
      <Profiler id="chat" onRender={() => commits++}>
        <AnnouncerProvider>
          <Grab />
        </AnnouncerProvider>
      </Profiler>,
    );
    const region = container.querySelector('[role="status"]')!;
    const before = commits;
    act(() => announce('A finished paragraph.'));
    await nextTask();
    act(() => announce('A finished paragraph.'));
    expect(commits).toBe(before);
    // Twice the same sentence: still a change, so it is announced twice.
    expect(region.textContent?.replace(/\u200b/g, '')).toBe('A finished paragraph.');
    const first = region.textContent;
    await nextTask();
    act(() => announce('A finished paragraph.'));
    expect(region.textContent).not.toBe(first);
    // Two in one task: the second joins the first (a screen reader hears the region once per task).
    await nextTask();
    act(() => {
      announce('One.');
      announce('Two.');
    });
    expect(region.textContent?.replace(/\u200b/g, '')).toBe('One. Two.');
  });
});
