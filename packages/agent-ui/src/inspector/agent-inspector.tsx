'use client';
import { useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { runToFixture } from './run-fixture.js';
import type { InspectedEvent, InspectedRun, Inspector } from './wire-recorder.js';

export interface AgentInspectorProps {
  inspector: Inspector;
  /** Open at first (default true); a toggle button opens and closes it. */
  defaultOpen?: boolean;
  /** Called with the fixture of a run when "Export fixture" is pressed (default: download it as JSON). */
  onExport?: (fixture: ReturnType<typeof runToFixture>, run: InspectedRun) => void;
}

const panel: CSSProperties = {
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: 'min(460px, 100vw)',
  overflow: 'auto',
  background: '#fff',
  color: '#1f1f1f',
  borderLeft: '1px solid #d9d9d9',
  boxShadow: '-4px 0 12px rgba(0,0,0,0.08)',
  font: '12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace',
  padding: 8,
  zIndex: 2147483000,
};
const toggle: CSSProperties = { position: 'fixed', right: 8, bottom: 8, zIndex: 2147483001 };

/** One line about an event: what a developer looks for first. */
export function eventSummary(event: InspectedEvent): string {
  const d = (event.data ?? {}) as Record<string, unknown>;
  switch (event.type) {
    case 'state-write':
      return `${String(d.key)} → ${String(d.decision)}`;
    case 'approval-answer':
      return `${String(d.tool)} ${d.approved ? 'approved' : `denied${d.reason ? ` (${String(d.reason)})` : ''}`}`;
    case 'tool-approval-request':
      return `approval ${String(d.approvalId)} for ${String(d.toolCallId)}`;
    case 'http-error':
      return `${String(d.status)} ${String(d.code)}: ${String(d.message)}`;
    case 'error':
      return String(d.errorText);
    case 'text-delta':
    case 'reasoning-delta':
      return JSON.stringify(d.delta);
    case 'tool-input-available':
      return `${String(d.toolName)} ${JSON.stringify(d.input)}`;
    case 'tool-output-available':
      return `${String(d.toolCallId)} ${JSON.stringify(d.output)}`.slice(0, 160);
    case 'finish':
      return String(d.finishReason ?? '');
    default:
      return '';
  }
}

/**
 * A docked developer panel: the runs a chat made (turns, resumes with their cursor, other requests)
 * and, for a run, every wire event with its SSE id and time, shared-state writes with the page's
 * decision per key, approvals and their answers, errors with codes, token usage and the trace id.
 * Filter by type, copy an event, export the run as a fixture. Import it from `@x/agent-ui/inspector`.
 */
export function AgentInspector({ inspector, defaultOpen = true, onExport }: AgentInspectorProps) {
  const runs = useSyncExternalStore(inspector.subscribe, inspector.runs, inspector.runs);
  const [open, setOpen] = useState(defaultOpen);
  const [selected, setSelected] = useState<string | undefined>();
  const [type, setType] = useState('all');
  const [copied, setCopied] = useState<number | undefined>();
  const run = runs.find((r) => r.key === selected) ?? runs.at(-1);
  const types = useMemo(() => [...new Set(run?.events.map((e) => e.type) ?? [])].sort(), [run]);
  const events = run?.events.filter((e) => type === 'all' || e.type === type) ?? [];

  const exportRun = (r: InspectedRun) => {
    const fixture = runToFixture(r);
    if (onExport) return onExport(fixture, r);
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(fixture, null, 2)}\n`], { type: 'application/json' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: `run-${r.runId ?? r.key}.json` });
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <>
      <button type="button" style={toggle} aria-expanded={open} aria-controls="x-agent-inspector" onClick={() => setOpen((o) => !o)}>
        {open ? 'Close inspector' : 'Open inspector'}
      </button>
      {open ? (
        <aside id="x-agent-inspector" aria-label="Agent inspector" style={panel} data-xagent-inspector="">
          <h2 style={{ fontSize: 13, margin: '0 0 6px' }}>Agent inspector</h2>
          <nav aria-label="Runs">
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {runs.map((r) => (
                <li key={r.key}>
                  <button type="button" aria-pressed={r.key === run?.key} onClick={() => setSelected(r.key)} style={{ width: '100%', textAlign: 'left', font: 'inherit' }}>
                    {r.key} {r.kind} {r.method} {r.url} {r.status ?? '…'} · {r.events.length} events{r.done ? '' : ' (live)'}
                  </button>
                </li>
              ))}
            </ul>
            {runs.length === 0 ? <p>No runs yet.</p> : null}
          </nav>
          {run ? (
            <section aria-label={`Run ${run.key}`}>
              <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0 8px', margin: '8px 0' }}>
                <dt>Run id</dt>
                <dd style={{ margin: 0 }}>{run.runId ?? '—'}</dd>
                <dt>Status</dt>
                <dd style={{ margin: 0 }}>{run.status ?? 'pending'}</dd>
                {run.cursor !== undefined ? (
                  <>
                    <dt>Resumed after</dt>
                    <dd style={{ margin: 0 }}>cursor {run.cursor}</dd>
                  </>
                ) : null}
                <dt>Trace id</dt>
                <dd style={{ margin: 0 }}>{run.traceId ?? '—'}</dd>
                <dt>Usage</dt>
                <dd style={{ margin: 0 }}>{run.usage ? JSON.stringify(run.usage) : '—'}</dd>
              </dl>
              <label>
                Type{' '}
                <select value={type} onChange={(e) => setType(e.target.value)}>
                  <option value="all">all</option>
                  {types.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <button type="button" onClick={() => exportRun(run)}>
                Export fixture
              </button>{' '}
              <button type="button" onClick={() => inspector.clear()}>
                Clear
              </button>
              <ol aria-label="Events" style={{ paddingLeft: 0, listStyle: 'none' }}>
                {events.map((e) => (
                  <li key={e.seq} data-event-type={e.type} style={{ borderTop: '1px solid #f0f0f0', padding: '2px 0' }}>
                    <span>
                      #{e.seq} {e.id !== undefined ? `id ${e.id} ` : ''}+{e.at} ms <strong>{e.type}</strong> {eventSummary(e)}
                    </span>{' '}
                    <button
                      type="button"
                      aria-label={`Copy event ${e.seq}`}
                      onClick={() => void navigator.clipboard?.writeText(JSON.stringify(e, null, 2)).then(() => setCopied(e.seq))}
                    >
                      {copied === e.seq ? 'Copied' : 'Copy'}
                    </button>
                    <details>
                      <summary>data</summary>
                      <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(e.data, null, 2)}</pre>
                    </details>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </aside>
      ) : null}
    </>
  );
}
