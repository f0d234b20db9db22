import type { UseAgentChatResult } from '@x/agent-react';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreloadOnDemand } from './preload-on-demand.js';

const preload = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./on-demand.js', () => ({ preloadOnDemand: preload }));

/** A chat whose status and messages the test sets (only what the hooks read: the store's snapshot and subscribe). */
function fakeChat(messages: { id: string }[] = []) {
  let status = 'ready';
  const listeners = new Set<() => void>();
  const chat = {
    store: {
      getSnapshot: () => ({ status, messages }),
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  } as unknown as UseAgentChatResult;
  const setStatus = (next: string) => {
    status = next;
    listeners.forEach((listener) => listener());
  };
  const setMessages = (next: { id: string }[]) => {
    messages = next;
    listeners.forEach((listener) => listener());
  };
  return { chat, setStatus, setMessages, listeners };
}

function Preloader({ chat }: { chat: UseAgentChatResult }) {
  const idle = usePreloadOnDemand(chat);
  return <output data-testid="idle">{String(idle)}</output>;
}
const idleAfterIntent = () => document.querySelector('[data-testid="idle"]')?.textContent;

describe('usePreloadOnDemand', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    preload.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('a chat only looked at never fetches the chunk', () => {
    const { chat } = fakeChat();
    render(<Preloader chat={chat} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(preload).not.toHaveBeenCalled();
  });

  it('fetches it once, when idle after the first interaction', () => {
    const { chat } = fakeChat();
    render(<Preloader chat={chat} />);
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    expect(preload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(preload).toHaveBeenCalledTimes(1);
    act(() => {
      document.dispatchEvent(new Event('pointerdown'));
      vi.advanceTimersByTime(1_000);
    });
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('tells when the page went idle after the first interaction with no reply running (the moment to warm up)', () => {
    const { chat, setStatus } = fakeChat();
    render(<Preloader chat={chat} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(idleAfterIntent()).toBe('false');
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    expect(idleAfterIntent()).toBe('false');
    act(() => vi.advanceTimersByTime(1_000));
    expect(idleAfterIntent()).toBe('true');
    act(() => setStatus('streaming'));
    expect(idleAfterIntent()).toBe('true');
  });

  it('does not tell it when a reply runs at that idle moment', () => {
    const { chat, setStatus } = fakeChat();
    render(<Preloader chat={chat} />);
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    act(() => setStatus('submitted'));
    act(() => vi.advanceTimersByTime(1_000));
    expect(preload).toHaveBeenCalledTimes(1);
    expect(idleAfterIntent()).toBe('false');
  });

  it('fetches it at once when a reply starts, and stops listening', () => {
    const { chat, setStatus, listeners } = fakeChat();
    render(<Preloader chat={chat} />);
    act(() => setStatus('submitted'));
    expect(preload).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
    act(() => setStatus('streaming'));
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('an unmounted chat fetches nothing, even after an interaction', () => {
    const { chat, listeners } = fakeChat();
    const { unmount } = render(<Preloader chat={chat} />);
    act(() => void document.dispatchEvent(new Event('focusin')));
    unmount();
    act(() => vi.advanceTimersByTime(1_000));
    expect(preload).not.toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });

  it('a chat that comes to show messages fetches it then (their newest replies show actions), once, and still tells the idle moment', () => {
    const { chat, setMessages, setStatus } = fakeChat();
    render(<Preloader chat={chat} />);
    expect(preload).not.toHaveBeenCalled();
    act(() => setMessages([{ id: 'm1' }, { id: 'm2' }]));
    expect(preload).toHaveBeenCalledTimes(1);
    act(() => setMessages([{ id: 'm1' }, { id: 'm2' }, { id: 'm3' }]));
    act(() => setStatus('ready'));
    expect(preload).toHaveBeenCalledTimes(1);
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    act(() => vi.advanceTimersByTime(1_000));
    expect(idleAfterIntent()).toBe('true');
  });

  it('a chat showing messages as it mounts fetches it in its first render (a view mounting in a transition renders its rows later in it)', () => {
    const { chat } = fakeChat([{ id: 'm1' }]);
    let seenBySibling = -1;
    const Sibling = () => {
      seenBySibling = preload.mock.calls.length;
      return null;
    };
    render(
      <>
        <Preloader chat={chat} />
        <Sibling />
      </>,
    );
    expect(seenBySibling).toBe(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(preload).toHaveBeenCalledTimes(1);
  });
});
