import type { Inspector, runToFixture as RunToFixture } from '@x/agent-ui/inspector';
import { Button, Flex, Typography } from 'antd';
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
 *
 * `controls` are the two buttons ("Open inspector", "Save this conversation as a fixture") and the
 * save's status, for the page's settings (the side column, or the settings drawer on a phone): they
 * never float over the chat. `panel` is the inspector itself, mounted only while it is open (so its
 * own floating toggle never sits on the composer either).
 */
export function useDevTools(conversationId: string): { fetch: typeof globalThis.fetch | undefined; controls: ReactNode; panel: ReactNode } {
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
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panelRoot = useRef<HTMLDivElement>(null);

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

  // The panel closed itself (its own toggle, or Escape): unmount it and give the focus back here.
  useEffect(() => {
    const root = panelRoot.current;
    if (!open || !root) return;
    const observer = new MutationObserver(() => {
      if (root.querySelector('[aria-controls="x-agent-inspector"]')?.getAttribute('aria-expanded') !== 'false') return;
      setOpen(false);
      opener.current?.focus();
    });
    observer.observe(root, { attributes: true, subtree: true, attributeFilter: ['aria-expanded'] });
    return () => observer.disconnect();
  }, [open]);

  const controls =
    enabled && inspector ? (
      <section aria-label="Developer tools">
        <Typography.Text strong>Developer tools</Typography.Text>
        <Flex gap={8} wrap style={{ marginTop: 8 }}>
          <Button ref={opener} size="small" aria-expanded={open} aria-controls={open ? 'x-agent-inspector' : undefined} onClick={() => setOpen((o) => !o)}>
            {open ? 'Close inspector' : 'Open inspector'}
          </Button>
          <Button size="small" onClick={() => void save()}>
            Save this conversation as a fixture
          </Button>
        </Flex>
        <output role="status" style={{ display: 'block', marginTop: 4, overflowWrap: 'anywhere' }}>
          {saved}
        </output>
      </section>
    ) : null;
  const panel =
    enabled && inspector && open ? (
      <div ref={panelRoot}>
        <Suspense fallback={null}>
          <AgentInspector inspector={inspector} defaultOpen />
        </Suspense>
      </div>
    ) : null;
  return { fetch: enabled ? inspected : undefined, controls, panel };
}
