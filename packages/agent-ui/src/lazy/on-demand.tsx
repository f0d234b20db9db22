'use client';
import type { ApprovalInputEditorProps } from '../tools/approval-input-editor.js';
import { lazyComponent } from './lazy-component.js';

/** The on-demand chunk: one `import()`, shared by every component below. */
const load = () => import('./on-demand-parts.js');

/** Loads the on-demand chunk now (e.g. when the browser is idle after an approval card appears). */
export const preloadOnDemand = (): Promise<void> => load().then(() => undefined);

/** The approval card's input editor; a busy box of its size while the chunk loads. */
export const ApprovalInputEditor = lazyComponent<ApprovalInputEditorProps>(
  async () => (await load()).ApprovalInputEditor,
  () => <div aria-busy="true" style={{ minHeight: 120, marginTop: 8 }} />,
);
