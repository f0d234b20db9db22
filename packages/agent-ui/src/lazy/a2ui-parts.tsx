'use client';
import type { A2UIToolOutput } from '@x/agent-protocol';
import type { A2UIChatSurfaceProps } from '../a2ui/chat-surface.js';
import { lazyComponent } from './lazy-component.js';

// A2UI surfaces load in a chunk of their own (antd's form controls, dayjs): a chat that never gets
// one pays nothing for them, and the on-demand chunk every chat loads stays as it is.
const load = () => import('../a2ui/chat-surface.js');

const standIn = () => <div aria-busy="true" data-a2ui-loading="" style={{ minHeight: 120, margin: '8px 0' }} />;

/** A `data-a2ui` part: the surface (see `A2UISurface`), in its own chunk. */
export const A2UIChatSurface = lazyComponent<A2UIChatSurfaceProps>(async () => (await load()).A2UIChatSurface, standIn);

/** A tool result carrying A2UI surfaces. */
export const A2UIToolSurfaces = lazyComponent<{ output: A2UIToolOutput; messageId: string }>(async () => (await load()).A2UIToolSurfaces, standIn);

/** A user message's `data-a2ui-action` part. */
export const A2UIActionSummary = lazyComponent<{ data: unknown }>(
  async () => (await load()).A2UIActionSummary,
  () => <div style={{ minHeight: 20 }} />,
);
