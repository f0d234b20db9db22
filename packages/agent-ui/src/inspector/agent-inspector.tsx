'use client';
import { useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type KeyboardEvent } from 'react';
import { useAgentUIConfig } from '../config.js';
import type { AgentInspectorStrings } from './inspector-strings.js';
import { runToFixture } from './run-fixture.js';
import type { InspectedEvent, InspectedRun, Inspector } from './wire-recorder.js';

export interface AgentInspectorProps {
  inspector: Inspector;
  /** Open at first (default true); a toggle button opens and closes it. */
  defaultOpen?: boolean;
  /** Called with the fixture of a run when "Export fixture" is pressed (default: download it as JSON). */
  onExport?: (fixture: ReturnType<typeof runToFixture>, run: InspectedRun) => void;
  /** Your own texts for some of the panel's strings (default: the kit's locale in scope). */
  strings?: Partial<AgentInspectorStrings> | undefined;
}

const panel: CSSProperties = {
  position: 'fixed',
  top: 0,
  insetInlineEnd: 0,
  bottom: 0,
  width: 'min(460px, 100vw)',
  overflow: 'auto',
  background: '#fff',
  color: '#1f1f1f',
  borderInlineStart: '1px solid #d9d9d9',
  boxShadow: '-4px 0 12px rgba(0,0,0,0.08)',
  font: '12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace',
  padding: 8,
  zIndex: 2147483000,
};
const toggle: CSSProperties = { position: 'fixed', insetInlineEnd: 8, bottom: 8, zIndex: 2147483001 };

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
export function AgentInspector({ inspector, defaultOpen = true, onExport, strings }: AgentInspectorProps) {
  const kitStrings = useAgentUIConfig().strings.inspector;
  const t = useMemo(() => ({ ...kitStrings, ...strings }), [kitStrings, strings]);
  const runs = useSyncExternalStore(inspector.subscribe, inspector.runs, inspector.runs);
  const [open, setOpen] = useState(defaultOpen);
  // Escape in the panel closes it and gives the focus back to the button that opened it.
  const toggleButton = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    setOpen(false);
    toggleButton.current?.focus();
  };
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
      <button ref={toggleButton} type="button" style={toggle} aria-expanded={open} aria-controls="x-agent-inspector" onClick={() => setOpen((o) => !o)}>
        {open ? t.close : t.open}
      </button>
      {open ? (
        <aside id="x-agent-inspector" aria-label={t.title} style={panel} data-xagent-inspector="" onKeyDown={closeOnEscape}>
          <h2 style={{ fontSize: 13, margin: '0 0 6px' }}>{t.title}</h2>
          <nav aria-label={t.runs}>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {runs.map((r) => (
                <li key={r.key}>
                  <button type="button" aria-pressed={r.key === run?.key} onClick={() => setSelected(r.key)} style={{ width: '100%', textAlign: 'start', font: 'inherit' }}>
                    {r.key} {r.kind} {r.method} {r.url} {r.status ?? '…'} · {t.eventCount(r.events.length)}
                    {r.done ? '' : ` (${t.live})`}
                  </button>
                </li>
              ))}
            </ul>
            {runs.length === 0 ? <p>{t.noRuns}</p> : null}
          </nav>
          {run ? (
            <section aria-label={t.run(run.key)}>
              <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0 8px', margin: '8px 0' }}>
                <dt>{t.runId}</dt>
                <dd style={{ margin: 0 }}>{run.runId ?? '—'}</dd>
                <dt>{t.status}</dt>
                <dd style={{ margin: 0 }}>{run.status ?? t.pending}</dd>
                {run.cursor !== undefined ? (
                  <>
                    <dt>{t.resumedAfter}</dt>
                    <dd style={{ margin: 0 }}>{t.cursor(String(run.cursor))}</dd>
                  </>
                ) : null}
                <dt>{t.traceId}</dt>
                <dd style={{ margin: 0 }}>{run.traceId ?? '—'}</dd>
                <dt>{t.usage}</dt>
                <dd style={{ margin: 0 }}>{run.usage ? JSON.stringify(run.usage) : '—'}</dd>
              </dl>
              <label>
                {t.type}{' '}
                <select value={type} onChange={(e) => setType(e.target.value)}>
                  <option value="all">{t.all}</option>
                  {types.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <button type="button" onClick={() => exportRun(run)}>
                {t.exportFixture}
              </button>{' '}
              <button type="button" onClick={() => inspector.clear()}>
                {t.clear}
              </button>
              <ol aria-label={t.events} style={{ paddingInlineStart: 0, listStyle: 'none' }}>
                {events.map((e) => (
                  <li key={e.seq} data-event-type={e.type} style={{ borderTop: '1px solid #f0f0f0', padding: '2px 0' }}>
                    <span>
                      #{e.seq} {e.id !== undefined ? `id ${e.id} ` : ''}+{e.at} ms <strong>{e.type}</strong> {eventSummary(e)}
                    </span>{' '}
                    <button
                      type="button"
                      aria-label={t.copyEvent(e.seq)}
                      onClick={() => void navigator.clipboard?.writeText(JSON.stringify(e, null, 2)).then(() => setCopied(e.seq))}
                    >
                      {copied === e.seq ? t.copied : t.copy}
                    </button>
                    <details>
                      <summary>{t.data}</summary>
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
