'use client';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types.js';
import { ActionIcon } from './action-icon.js';

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
 * as antd `Button`s with `@ant-design/icons` components they were about 20 components each (the
 * button's context readers, its click wave, the icon's wrapper), 1,000 of the ≈ 3,000 fibers of a
 * chat with 5 turns (S8, `bench/render/probe-heap.ts`); here they are two.
 */
export function ActionButton({ label, icon, onClick, pressed, disabled }: ActionButtonProps) {
  return (
    <button type="button" className="x-agent-action" aria-label={label} title={label} aria-pressed={pressed} disabled={disabled} onClick={onClick}>
      <ActionIcon icon={icon} />
    </button>
  );
}
