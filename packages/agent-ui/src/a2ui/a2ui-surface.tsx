'use client';
import { a2uiSurfaceIdOf, type A2UIComponent, type A2UIUserAction } from '@x/agent-protocol/a2ui';
import { theme } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useKeepFocusWhenDisabled } from '../a11y/keep-focus.js';
import { AccessibleTheme, useAgentUIConfig } from '../config.js';
import { ErrorBoundary, errorText } from '../message-content/part-boundary.js';
import { AntdRules } from '../styles/antd-rules.js';
import { A2UI_ANTD_RULES } from './a2ui-antd-rules.js';
import { safeHttpUrl } from '../markdown/safe-url.js';
import { contentRenderers } from './a2ui-content.js';
import { inputRenderers } from './a2ui-inputs.js';
import { layoutRenderers } from './a2ui-layout.js';
import { A2UINode } from './a2ui-node.js';
import type { A2UIStrings } from './a2ui-strings.js';
import { resolveText, resolveValue } from './dynamic-values.js';
import { buildRenderTree, DEFAULT_LIMITS, type RenderLimits } from './render-tree.js';
import { SurfaceContext, type SurfaceContextValue } from './surface-context.js';
import { applyMessages, emptySurface, writeData, type SurfaceState } from './surface-model.js';

const renderers = { ...contentRenderers, ...inputRenderers, ...layoutRenderers };

/** Props of {@link A2UISurface}. */
export interface A2UISurfaceProps {
  /**
   * The A2UI v0.9 messages of the surface, in order (`createSurface`, `updateComponents`,
   * `updateDataModel`, `deleteSurface`). Pass the growing list as it streams: messages already
   * applied are not applied again, so the surface is patched in place and keeps the user's input.
   */
  messages: readonly unknown[];
  /** The surface to show (default: the first one the messages name). */
  surfaceId?: string | undefined;
  /**
   * A user action (a Button's `event`), with its context resolved from the data model. Return (or
   * resolve to) `false` when it was not sent (e.g. the chat was busy): the surface then stays open.
   */
  onAction?: ((action: A2UIUserAction) => void | boolean | Promise<void | boolean>) | undefined;
  /** Takes no more input (e.g. while the chat is busy). */
  disabled?: boolean | undefined;
  /** Stop taking input once an action was sent (default `true`: a form is submitted once). */
  disableAfterAction?: boolean | undefined;
  /** Limits of the drawn tree (defaults: 500 components, depth 24). */
  limits?: Partial<RenderLimits> | undefined;
  /** Texts (English by default). */
  strings?: Partial<A2UIStrings> | undefined;
  /** The `aria-level` of the surface's top heading (default 2; each lower variant it uses takes the next level), so the page's outline stays in order. */
  headingLevel?: number | undefined;
}

interface Tracked {
  source: readonly unknown[];
  signatures: string[];
  state: SurfaceState;
  /** The user's writes, replayed when the messages are replaced rather than extended. */
  writes: [string, unknown][];
}

/** The heading variants a surface uses, as ranks (`h1` → 1), ascending. */
function headingRanks(state: SurfaceState): number[] {
  const ranks = new Set<number>();
  for (const component of state.components.values()) {
    const match = component.component === 'Text' && typeof component.variant === 'string' ? /^h([1-5])$/.exec(component.variant) : null;
    if (match) ranks.add(Number(match[1]));
  }
  return [...ranks].sort((a, b) => a - b);
}

const signature = (message: unknown) => {
  try {
    return JSON.stringify(message) ?? '';
  } catch {
    return '';
  }
};

function track(previous: Tracked | undefined, messages: readonly unknown[], surfaceId: string): Tracked {
  const list = Array.isArray(messages) ? messages : [];
  const signatures = list.map(signature);
  const extends_ = previous !== undefined && previous.state.surfaceId === surfaceId && previous.signatures.every((s, i) => signatures[i] === s);
  if (extends_) return { ...previous, source: messages, signatures, state: applyMessages(previous.state, list.slice(previous.signatures.length)) };
  let state = applyMessages(emptySurface(surfaceId), list);
  const writes = previous?.state.surfaceId === surfaceId ? previous.writes : [];
  for (const [pointer, value] of writes) state = writeData(state, pointer, value);
  return { source: messages, signatures, state, writes };
}

/**
 * An A2UI (v0.9) surface drawn with antd components and the app's theme tokens. Untrusted input by
 * design: unknown component types, missing children, cycles, too deep or too large trees render as
 * visible, inert placeholders; text is never markup and every text is bounded before it is built;
 * URLs go through the kit's URL and image policies (`openUrl`: http(s) only). Whatever still throws
 * shows "This form could not be shown" in place of the surface, never taking the page down. Inputs bind two-way to the surface's data model; a Button's action calls `onAction`.
 */
export function A2UISurface({ messages, surfaceId: wanted, onAction, disabled = false, disableAfterAction = true, limits, strings, headingLevel = 2 }: A2UISurfaceProps) {
  const surfaceId = wanted ?? (Array.isArray(messages) ? messages.map(a2uiSurfaceIdOf).find((id) => id !== undefined) : undefined) ?? '';
  const [tracked, setTracked] = useState<Tracked>(() => track(undefined, messages, surfaceId));
  const [sent, setSent] = useState(false);
  const { token } = theme.useToken();
  let current = tracked;
  if (tracked.source !== messages || tracked.state.surfaceId !== surfaceId) {
    current = track(tracked, messages, surfaceId);
    setTracked(current);
  }
  const state = current.state;
  const limitsKey = `${limits?.maxNodes ?? ''}:${limits?.maxDepth ?? ''}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- limits compared by value
  const tree = useMemo(() => buildRenderTree(state, { ...DEFAULT_LIMITS, ...limits }), [state, limitsKey]);
  const kitStrings = useAgentUIConfig().strings.a2ui;
  const allStrings = useMemo(() => ({ ...kitStrings, ...strings }), [kitStrings, strings]);
  const inert = disabled || (disableAfterAction && sent);
  // A sent form disables its buttons: the surface keeps the focus (not the page).
  const section = useRef<HTMLElement>(null);
  useKeepFocusWhenDisabled(section, inert);

  const context = useMemo<SurfaceContextValue>(() => {
    const write = (pointer: string, value: unknown) =>
      setTracked((t) => ({ ...t, state: writeData(t.state, pointer, value), writes: [...t.writes.filter(([p]) => p !== pointer), [pointer, value]] }));
    const act = (component: A2UIComponent, base: string) => {
      const action = component.action as { event?: unknown; functionCall?: unknown } | undefined;
      const scope = { model: state.dataModel, base };
      const event = action?.event as { name?: unknown; context?: unknown } | undefined;
      if (event && typeof event.name === 'string' && event.name) {
        const raw = typeof event.context === 'object' && event.context !== null && !Array.isArray(event.context) ? (event.context as Record<string, unknown>) : {};
        const context = Object.fromEntries(Object.entries(raw).slice(0, 50).map(([key, value]) => [key, resolveValue(value, scope) ?? null]));
        const result = onAction?.({
          name: event.name.slice(0, 200),
          surfaceId,
          sourceComponentId: component.id,
          timestamp: new Date().toISOString(),
          context,
          ...(state.sendDataModel ? { dataModel: state.dataModel } : {}),
        });
        setSent(true);
        // Not sent after all: the form stays open for another try.
        if (result === false) setSent(false);
        else if (result instanceof Promise) void result.then((sent) => sent === false && setSent(false), () => setSent(false));
        return;
      }
      const call = action?.functionCall as { call?: unknown; args?: { url?: unknown } } | undefined;
      if (call?.call === 'openUrl') {
        // http(s) only, as the README says: `mailto:` / `tel:` would hand the agent's text to another
        // app without the user seeing the URL first, and a relative URL would act on this origin.
        // Anything else is refused (fail closed), not passed on.
        const url = safeHttpUrl(resolveText(call.args?.url, scope));
        if (url) window.open(url, '_blank', 'noopener,noreferrer');
      }
    };
    return { state, write, act, disabled: inert, strings: allStrings, renderers, headings: { ranks: headingRanks(state), level: headingLevel } };
  }, [state, inert, allStrings, onAction, surfaceId, headingLevel]);

  if (state.deleted) return null;
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-label={allStrings.surface}
      aria-busy={tree ? undefined : true}
      data-a2ui-surface={surfaceId}
      style={{ margin: '8px 0', color: token.colorText }}
    >
      <AntdRules href="xagent-antd-a2ui" rules={A2UI_ANTD_RULES} />
      {/* The kit's contrast fixes apply to the agent's antd components too (a no-op inside AgentChat). */}
      <AccessibleTheme>
        <SurfaceContext.Provider value={context}>
          {/* A component that throws costs this surface only (the chat around it goes on); a new state renders it again. */}
          <ErrorBoundary resetKeys={[state]} fallback={(error) => <span role="note" data-a2ui-failed="" style={{ color: token.colorTextSecondary }}>{`${allStrings.failed} ${errorText(error)}`.trim()}</span>}>
            {tree ? <A2UINode node={tree} /> : <span style={{ color: token.colorTextSecondary }}>{allStrings.building}</span>}
          </ErrorBoundary>
        </SurfaceContext.Provider>
      </AccessibleTheme>
    </section>
  );
}
