'use client';
import type { A2UIToolOutput } from '@x/agent-protocol/a2ui';
import type { A2UIChatSurfaceProps } from '../a2ui/chat-surface.js';
import { lazyComponent } from './lazy-component.js';
import { loadOnDemand as load } from './load-on-demand.js';

// A2UI surfaces live in the on-demand chunk (one `import()` for the kit, see load-on-demand.ts): never
// in the first load. A chunk of their own would cost nothing until a surface appears, but a second
// `import()` makes Rolldown split antd out of the entry (measured: +1 first-load request, +3 KB gzip).

const standIn = () => <div aria-busy="true" data-a2ui-loading="" style={{ minHeight: 120, margin: '8px 0' }} />;

/** A `data-a2ui` part: the surface (see `A2UISurface`). */
export const A2UIChatSurface = lazyComponent<A2UIChatSurfaceProps>(async () => (await load()).A2UIChatSurface, standIn);

/** A tool result carrying A2UI surfaces. */
export const A2UIToolSurfaces = lazyComponent<{ output: A2UIToolOutput; messageId: string }>(async () => (await load()).A2UIToolSurfaces, standIn);

/** A user message's `data-a2ui-action` part. */
export const A2UIActionSummary = lazyComponent<{ data: unknown }>(
  async () => (await load()).A2UIActionSummary,
  () => <div style={{ minHeight: 20 }} />,
);
