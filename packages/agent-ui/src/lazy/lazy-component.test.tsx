import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component.js';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('lazyComponent', () => {
  it('shows the fallback with the same props until the code is there, without suspending the rest of the tree', async () => {
    const chunk = deferred<typeof Greeting>();
    const load = vi.fn(() => chunk.promise);
    const LazyGreeting = lazyComponent(load, ({ name }) => <p>Loading {name}</p>);
    render(
      <div>
        <span>sibling</span>
        <LazyGreeting name="Ada" />
      </div>,
    );
    expect(screen.getByText('sibling')).toBeInTheDocument();
    expect(screen.getByText('Loading Ada')).toBeInTheDocument();
    await act(async () => chunk.resolve(Greeting));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading Ada')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once for preload and renders; an instance mounted after that renders at once', async () => {
    const load = vi.fn(async () => Greeting);
    const LazyGreeting = lazyComponent(load, () => <p>placeholder</p>);
    await LazyGreeting.preload();
    await LazyGreeting.preload();
    render(<LazyGreeting name="Grace" />);
    // Synchronously: no fallback frame once the code is loaded.
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('network down')).mockResolvedValue(Greeting);
    const LazyGreeting = lazyComponent(load, () => null);
    await expect(LazyGreeting.preload()).rejects.toThrow('network down');
    await LazyGreeting.preload();
    render(<LazyGreeting name="Linus" />);
    expect(screen.getByText('Hello Linus')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the fallback when the chunk fails to load (the page stays up) and loads again on the next mount', async () => {
    const chunk = deferred<typeof Greeting>();
    const load = vi.fn<() => Promise<typeof Greeting>>().mockReturnValueOnce(chunk.promise).mockResolvedValue(Greeting);
    const LazyGreeting = lazyComponent(load, ({ name }) => <p>Stand-in for {name}</p>);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = render(
      <div>
        <span>sibling</span>
        <LazyGreeting name="Ada" />
      </div>,
    );
    await act(async () => chunk.reject(new Error('chunk gone')));
    expect(screen.getByText('sibling')).toBeInTheDocument();
    expect(screen.getByText('Stand-in for Ada')).toBeInTheDocument();
    first.unmount();
    quiet.mockRestore();
    render(<LazyGreeting name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('switches every waiting instance to the component in one commit, as soon as the chunk is there', async () => {
    const chunk = deferred<typeof Greeting>();
    const LazyGreeting = lazyComponent(() => chunk.promise, ({ name }) => <p>Loading {name}</p>);
    const commits: number[] = [];
    render(
      <Profiler id="list" onRender={() => commits.push(commits.length)}>
        {['Ada', 'Grace', 'Linus'].map((name) => (
          <LazyGreeting key={name} name={name} />
        ))}
      </Profiler>,
    );
    const before = commits.length;
    await act(async () => chunk.resolve(Greeting));
    expect(screen.getAllByText(/^Hello /).map((p) => p.textContent)).toEqual(['Hello Ada', 'Hello Grace', 'Hello Linus']);
    expect(commits.length - before).toBe(1);
  });

  it('renders the stand-in on the server and while hydrating, then the loaded component, with no mismatch', async () => {
    const LazyGreeting = lazyComponent(async () => Greeting, ({ name }) => <p>{`Stand-in for ${name}`}</p>);
    await LazyGreeting.preload();
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LazyGreeting name="Ada" />);
    expect(container.textContent).toBe('Stand-in for Ada');
    const recoverable = vi.fn();
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, <LazyGreeting name="Ada" />, { onRecoverableError: recoverable }));
    expect(container.textContent).toBe('Hello Ada');
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('after a failed load, re-renders keep the stand-in without fetching again; the next mount does', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const LazyGreeting = lazyComponent(load, ({ name }) => <p>Stand-in for {name}</p>);
    const { rerender, unmount } = render(<LazyGreeting name="Ada" />);
    await act(async () => {});
    rerender(<LazyGreeting name="Grace" />);
    rerender(<LazyGreeting name="Linus" />);
    expect(screen.getByText('Stand-in for Linus')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    unmount();
    render(<LazyGreeting name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the stand-in when the loaded component throws', async () => {
    function Broken(): never {
      throw new Error('broken');
    }
    const LazyBroken = lazyComponent<{ name: string }>(async () => Broken, ({ name }) => <p>Stand-in for {name}</p>);
    await LazyBroken.preload();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <span>sibling</span>
        <LazyBroken name="Ada" />
      </div>,
    );
    quiet.mockRestore();
    expect(screen.getByText('sibling')).toBeInTheDocument();
    expect(screen.getByText('Stand-in for Ada')).toBeInTheDocument();
  });
});
