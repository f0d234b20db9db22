/**
 * In-page instrumentation, installed with `addInitScript` before any page script runs, so every
 * contender is measured unmodified (method §5.5):
 *
 * - a React DevTools global hook counting commits (React's production build calls
 *   `onCommitFiberRoot` when a hook with `supportsFiber` is present);
 * - optionally (`diag`) a walk of the fibers that rendered in each commit (React's PerformedWork
 *   flag, descending only into children cloned in that render, as React DevTools does), counting
 *   component renders and renders of components whose props hold a tool part (`toolCallId`) — for
 *   "tool-part renders per text token" (S7);
 * - a `fetch` wrapper: the stream window opens when the chat request is sent; the response body
 *   is re-streamed unchanged while the arrival time of each `§N§` sequence marker is recorded;
 * - a MutationObserver: the first frame (next rAF) in which each marker is in the DOM;
 * - a rAF tick log (commits per frame), long tasks, long animation frames and Event Timing entries.
 *
 * The function must stay self-contained: Playwright serializes it into the page.
 */
export interface BenchPageState {
  windowStart: number | undefined;
  lastByte: number | undefined;
  commits: number[];
  renders: number;
  toolRenders: number;
  toolRendersAfterText: number;
  /** diag: renders per component name while the stream window is open (names need an unminified build). */
  byName: Record<string, number>;
  /** diag: commits by the first components that rendered in them. */
  commitSignatures: Record<string, number>;
  /** Commits per React root while the stream window is open (index = order of first commit). */
  commitsByRoot: number[];
  arrivals: number[];
  visible: number[];
  visibleMax: number;
  ticks: number[];
  longTasks: Array<{ start: number; duration: number }>;
  loafs: Array<{ start: number; duration: number; blocking: number }>;
  /** Event Timing entries ≥ 16 ms; `delay` = processingStart − startTime (waiting for a running task), `processing` = processingEnd − processingStart (the handlers and React's sync render). */
  events: Array<{ name: string; start: number; duration: number; interactionId: number; delay: number; processing: number }>;
  errors: string[];
  stop: () => void;
}

export function instrument(options: { diag: boolean }): void {
  const w = window as unknown as { __bench: BenchPageState; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
  const state: BenchPageState = {
    windowStart: undefined,
    lastByte: undefined,
    commits: [],
    renders: 0,
    toolRenders: 0,
    toolRendersAfterText: 0,
    byName: {},
    commitSignatures: {},
    commitsByRoot: [],
    arrivals: [],
    visible: [],
    visibleMax: 0,
    ticks: [],
    longTasks: [],
    loafs: [],
    events: [],
    errors: [],
    stop: () => {
      ticking = false;
    },
  };
  w.__bench = state;

  // --- React commits ------------------------------------------------------------------------
  const PERFORMED_WORK = 1;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  interface Fiber {
    tag: number;
    flags: number;
    subtreeFlags: number;
    alternate: Fiber | null;
    child: Fiber | null;
    sibling: Fiber | null;
    memoizedProps: unknown;
    type: unknown;
  }
  const names = new WeakMap<object, string>();
  const nameOf = (type: unknown): string => {
    if (type && (typeof type === 'object' || typeof type === 'function')) {
      let name = names.get(type);
      if (name === undefined) names.set(type, (name = computeName(type)));
      return name;
    }
    return String(type);
  };
  const computeName = (type: unknown): string => {
    if (!type || (typeof type !== 'object' && typeof type !== 'function')) return String(type);
    const t = type as { displayName?: string; name?: string; render?: unknown; type?: unknown };
    if (t.displayName) return t.displayName;
    if (typeof type === 'function' && t.name) return t.name;
    if (t.render) return `forwardRef(${nameOf(t.render)})`;
    if (t.type) return `memo(${nameOf(t.type)})`;
    // An anonymous function: a snippet of its source identifies it in an unminified build.
    return typeof type === 'function' ? `anon{${Function.prototype.toString.call(type).replace(/\s+/g, ' ').slice(0, 70)}}` : 'anonymous';
  };
  const roots = new Map<unknown, number>();
  const holdsToolPart = (props: unknown): boolean => {
    if (!props || typeof props !== 'object') return false;
    const record = props as Record<string, unknown>;
    if (typeof record.toolCallId === 'string') return true;
    for (const key in record) {
      const value = record[key];
      if (value && typeof value === 'object' && typeof (value as Record<string, unknown>).toolCallId === 'string') return true;
    }
    return false;
  };
  const walk = (root: Fiber | null) => {
    const stack: Fiber[] = root ? [root] : [];
    const firstNames = new Set<string>();
    while (stack.length > 0) {
      const fiber = stack.pop() as Fiber;
      if (fiber.flags & PERFORMED_WORK && COMPONENT_TAGS.has(fiber.tag)) {
        state.renders++;
        const name = nameOf(fiber.type);
        state.byName[name] = (state.byName[name] ?? 0) + 1;
        if (firstNames.size < 4) firstNames.add(name);
        if (holdsToolPart(fiber.memoizedProps)) {
          state.toolRenders++;
          if (state.arrivals.length > 0) state.toolRendersAfterText++;
        }
      }
      if (fiber.sibling) stack.push(fiber.sibling);
      // Descend only into children React cloned in this render (as React DevTools does): when a
      // fiber bails out (memo, unchanged props), its children are the previous commit's objects and
      // still carry PerformedWork from the render that made them. Counting them would report renders
      // that did not happen (the first walk did, which made memoized subtrees look worse).
      if (fiber.child && (fiber.alternate === null || fiber.child !== fiber.alternate.child)) stack.push(fiber.child);
    }
    // The first components (top-down) that rendered: what started this commit.
    const signature = [...firstNames].join(' > ') || '(no component rendered)';
    state.commitSignatures[signature] = (state.commitSignatures[signature] ?? 0) + 1;
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      state.commits.push(performance.now());
      if (state.windowStart !== undefined) {
        if (!roots.has(root)) roots.set(root, roots.size);
        const index = roots.get(root) as number;
        state.commitsByRoot[index] = (state.commitsByRoot[index] ?? 0) + 1;
      }
      if (options.diag && state.windowStart !== undefined) walk(root.current.child);
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };

  // --- stream window, byte arrival ------------------------------------------------------------
  const MARKER = /§(\d+)§/g;
  const scan = (text: string, into: number[], now: number): number => {
    let max = 0;
    MARKER.lastIndex = 0;
    for (let m = MARKER.exec(text); m; m = MARKER.exec(text)) {
      const seq = Number(m[1]);
      if (into[seq] === undefined) into[seq] = now;
      if (seq > max) max = seq;
    }
    return max;
  };
  let ticking = false;
  const tick = (t: number) => {
    if (!ticking) return;
    state.ticks.push(t);
    requestAnimationFrame(tick);
  };
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const isChat = method.toUpperCase() === 'POST' && new URL(url, location.href).pathname.startsWith('/api/');
    if (!isChat) return originalFetch(input, init);
    state.windowStart = performance.now();
    ticking = true;
    requestAnimationFrame(tick);
    const response = await originalFetch(input, init);
    if (!response.body) return response;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let carry = '';
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        const now = performance.now();
        if (done) {
          state.lastByte = now;
          controller.close();
          return;
        }
        const text = carry + decoder.decode(value, { stream: true });
        scan(text, state.arrivals, now);
        carry = text.slice(-12);
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  // --- first frame in which each marker is in the DOM -----------------------------------------
  let pending = 0;
  let frameRequested = false;
  const onFrame = () => {
    frameRequested = false;
    const now = performance.now();
    for (let seq = state.visibleMax + 1; seq <= pending; seq++) state.visible[seq] = now;
    if (pending > state.visibleMax) state.visibleMax = pending;
  };
  const observer = new MutationObserver((records) => {
    if (state.windowStart === undefined) return;
    let max = 0;
    const seen: number[] = [];
    for (const record of records) {
      if (record.type === 'characterData') {
        max = Math.max(max, scan((record.target as CharacterData).data, seen, 0));
      } else {
        for (const node of record.addedNodes) max = Math.max(max, scan(node.textContent ?? '', seen, 0));
      }
    }
    if (max > pending) {
      pending = max;
      if (!frameRequested) {
        frameRequested = true;
        requestAnimationFrame(onFrame);
      }
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });

  // --- long tasks, LoAF, Event Timing, errors ---------------------------------------------------
  const observe = (type: string, handle: (entry: PerformanceEntry) => void, extra: Record<string, unknown> = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(handle)).observe({ type, ...extra } as PerformanceObserverInit);
    } catch {
      // entry type not supported: the metric stays empty
    }
  };
  observe('longtask', (e) => state.longTasks.push({ start: e.startTime, duration: e.duration }));
  observe('long-animation-frame', (e) =>
    state.loafs.push({ start: e.startTime, duration: e.duration, blocking: (e as unknown as { blockingDuration: number }).blockingDuration }),
  );
  observe(
    'event',
    (e) =>
      state.events.push({
        name: e.name,
        start: e.startTime,
        duration: e.duration,
        interactionId: (e as unknown as { interactionId: number }).interactionId ?? 0,
        delay: (e as PerformanceEventTiming).processingStart - e.startTime,
        processing: (e as PerformanceEventTiming).processingEnd - (e as PerformanceEventTiming).processingStart,
      }),
    { durationThreshold: 16 },
  );
  window.addEventListener('error', (e) => state.errors.push(String(e.message)));
  window.addEventListener('unhandledrejection', (e) => state.errors.push(String((e as PromiseRejectionEvent).reason)));
}
