import type { UIMessage } from 'ai';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadHistory } from './history.ts';

interface BenchWindow {
  __benchMount?: () => Promise<void>;
  __benchUnmount?: () => void;
}

/**
 * Mounts a contender the same way for all: the `?history=N` transcript is fetched first, then the
 * app is rendered into #root. With `?deferMount` (S8 retention) nothing mounts until the harness
 * calls `window.__benchMount()`, so it can take the heap of the loaded-but-unmounted page first;
 * `window.__benchUnmount()` unmounts the root. `pages`: the contender opens a `&server` transcript
 * from the server's history route itself (it gets no array then).
 */
export function mountContender(render: (history: UIMessage[]) => ReactNode, options: { pages?: boolean } = {}): void {
  const w = window as unknown as BenchWindow;
  const mount = async () => {
    const history = await loadHistory(options.pages);
    const root = createRoot(document.getElementById('root') as HTMLElement);
    root.render(render(history));
    w.__benchUnmount = () => {
      root.unmount();
      delete w.__benchUnmount;
    };
  };
  if (new URLSearchParams(location.search).has('deferMount')) w.__benchMount = mount;
  else void mount();
}
