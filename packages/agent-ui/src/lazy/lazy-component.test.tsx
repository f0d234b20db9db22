import { act, render, screen } from '@testing-library/react';
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
});
