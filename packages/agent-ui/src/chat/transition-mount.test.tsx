import { act, render, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TransitionMount } from './transition-mount.js';
import { useMountingInTransition } from './chat-context.js';

describe('TransitionMount', () => {
  it('commits the fallback first, then the children in a transition', () => {
    const shown: string[] = [];
    render(
      <Profiler id="mount" onRender={() => shown.push(document.body.textContent ?? '')}>
        <TransitionMount fallback={<p>box</p>}>
          <p>chat</p>
        </TransitionMount>
      </Profiler>,
    );
    expect(shown[0]).toBe('box');
    expect(shown.at(-1)).toBe('chat');
    expect(screen.getByText('chat')).toBeInTheDocument();
    expect(screen.queryByText('box')).toBeNull();
  });

  it('only the first mount is deferred: later updates render at once, with no fallback again', () => {
    const shown: string[] = [];
    const view = (count: number) => (
      <Profiler id="mount" onRender={() => shown.push(document.body.textContent ?? '')}>
        <TransitionMount fallback={<p>box</p>}>
          <p>{`chat ${count}`}</p>
        </TransitionMount>
      </Profiler>
    );
    const { rerender } = render(view(0));
    expect(screen.getByText('chat 0')).toBeInTheDocument();
    shown.length = 0;
    rerender(view(1));
    expect(shown).toEqual(['chat 1']);
  });

  it('renders the children on the server, and hydrates them with no fallback in between and no mismatch', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const tree = (
      <TransitionMount fallback={<p>box</p>}>
        <p>chat</p>
      </TransitionMount>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    expect(container.textContent).toBe('chat');
    document.body.append(container);
    const recoverable = vi.fn();
    const seen: string[] = [];
    const root = await act(async () =>
      hydrateRoot(
        container,
        <Profiler id="hydrate" onRender={() => seen.push(container.textContent ?? '')}>
          {tree}
        </Profiler>,
        { onRecoverableError: recoverable },
      ),
    );
    expect(container.textContent).toBe('chat');
    expect(seen.every((text) => text === 'chat')).toBe(true);
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it("tells a part that it mounts in the first, time-sliced render — and not a part mounted later", () => {
    const Part = ({ name }: { name: string }) => <p>{`${name}: ${String(useMountingInTransition())}`}</p>;
    let showLater: () => void = () => {};
    function View() {
      const [later, setLater] = useState(false);
      showLater = () => setLater(true);
      return (
        <>
          <Part name="first" />
          {later ? <Part name="later" /> : null}
        </>
      );
    }
    render(
      <TransitionMount fallback={<p>box</p>}>
        <View />
      </TransitionMount>,
    );
    expect(screen.getByText('first: true')).toBeInTheDocument();
    act(() => showLater());
    expect(screen.getByText('later: false')).toBeInTheDocument();
    // A part outside any TransitionMount mounts as usual.
    render(<Part name="outside" />);
    expect(screen.getByText('outside: false')).toBeInTheDocument();
  });
});
