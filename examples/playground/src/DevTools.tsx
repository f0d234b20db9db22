import type { Inspector, runToFixture as RunToFixture } from '@x/agent-ui/inspector';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** `?inspector` in the URL (or the Vite dev server) turns the developer tools on. */
export function devToolsWanted(): boolean {
  return import.meta.env.DEV || new URL(window.location.href).searchParams.has('inspector');
}

const AgentInspector = lazy(() => import('@x/agent-ui/inspector').then((m) => ({ default: m.AgentInspector })));

/**
 * The playground's developer tools, loaded on demand (nothing of them is in the first load): the
 * chat's `fetch` goes through the inspector, whose panel shows what each run did, and "Save this
 * conversation as a fixture" writes the conversation's runs as a fixture file on the playground's
 * server (`.data/fixtures/`).
 */
export function useDevTools(conversationId: string): { fetch: typeof globalThis.fetch | undefined; tools: ReactNode } {
  const enabled = useState(devToolsWanted)[0];
  const [inspector, setInspector] = useState<Inspector>();
  const toFixture = useRef<typeof RunToFixture>(undefined);
  useEffect(() => {
    if (!enabled) return;
    void import('@x/agent-ui/inspector').then((m) => {
      toFixture.current = m.runToFixture;
      setInspector(m.createInspector());
    });
  }, [enabled]);
  // Read at send time: requests made before the inspector loaded go straight to the network.
  const inspected = useCallback<typeof globalThis.fetch>((input, init) => (inspector ? inspector.fetch(input, init) : fetch(input, init)), [inspector]);
  const [saved, setSaved] = useState<string>();

  const save = async () => {
    const runToFixture = toFixture.current;
    if (!inspector || !runToFixture) return;
    const turns = inspector.runs().filter((r) => r.kind === 'turn' && (r.body as { conversationId?: string } | undefined)?.conversationId === conversationId);
    const calls = turns.flatMap((r) => runToFixture(r).calls);
    const response = await fetch('/api/dev/fixtures', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: conversationId, fixture: { version: 1, meta: { recordedWith: 'playground inspector', conversationId }, calls } }),
    });
    const answer = (await response.json()) as { path?: string; error?: { message: string } };
    setSaved(answer.path ? `Saved ${calls.length} run(s) to ${answer.path}` : `Not saved: ${answer.error?.message ?? response.status}`);
  };

  const tools =
    enabled && inspector ? (
      <>
        <Suspense fallback={null}>
          <AgentInspector inspector={inspector} defaultOpen={false} />
        </Suspense>
        <button type="button" onClick={() => void save()} style={{ position: 'fixed', right: 140, bottom: 8, zIndex: 2147483001 }}>
          Save this conversation as a fixture
        </button>
        {saved ? (
          <output role="status" style={{ position: 'fixed', right: 8, bottom: 40, zIndex: 2147483001, background: '#fff', padding: 4 }}>
            {saved}
          </output>
        ) : null}
      </>
    ) : null;
  return { fetch: enabled ? inspected : undefined, tools };
}
