'use client';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types.js';
import { actionIcon } from './action-icon.js';

/** Props of {@link ActionButton}. */
export interface ActionButtonProps {
  /** The button's accessible name and tooltip. */
  label: string;
  icon: IconDefinition;
  onClick: () => void;
  /** A toggle (Like, Dislike): whether it is on. */
  pressed?: boolean;
  disabled?: boolean;
}

/**
 * One of a message's actions: a host `<button>` with its icon, styled by the kit's stylesheet
 * (`.x-agent-action`) as antd's small icon-only text button. Every message shows up to five of them:
 * as antd `Button`s with `@ant-design/icons` components, they and the code blocks' Copy buttons were
 * ≈ 900 of the 3,080 fibers of a chat with 5 turns mounted (S8, `bench/render/probe-heap.ts`); here
 * each is one component and its host elements.
 */
export function ActionButton({ label, icon, onClick, pressed, disabled }: ActionButtonProps) {
  return (
    <button type="button" className="x-agent-action" aria-label={label} title={label} aria-pressed={pressed} disabled={disabled} onClick={onClick}>
      {actionIcon(icon)}
    </button>
  );
}
