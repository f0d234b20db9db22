'use client';
import type { A2UIToolOutput } from '@x/agent-protocol/a2ui';
import type { A2UIChatSurfaceProps } from '../a2ui/chat-surface.js';
import { lazyComponent } from './lazy-component.js';

// A2UI surfaces (antd's form controls, dayjs) are the A2UI plug-in's own chunk, loaded when the first
// surface appears: only a page that passes the plug-in (`@x/agent-ui/plugins/a2ui`) has this module.
const load = () => import('../a2ui/chat-surface.js');

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
