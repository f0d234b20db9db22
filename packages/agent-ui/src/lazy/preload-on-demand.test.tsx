import type { UseAgentChatResult } from '@x/agent-react';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreloadOnDemand } from './preload-on-demand.js';

const preload = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./on-demand.js', () => ({ preloadOnDemand: preload }));

/** A chat whose status the test sets (only what the hook reads: the store's snapshot and subscribe). */
function fakeChat() {
  let status = 'ready';
  const listeners = new Set<() => void>();
  const chat = {
    store: {
      getSnapshot: () => ({ status }),
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
  return { chat, setStatus, listeners };
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
});
