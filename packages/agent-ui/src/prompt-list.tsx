'use client';
import { theme } from 'antd';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { Prompts } from './antdx.js';

/** A prompt: plain text, or text with a label/description/icon. */
export type PromptItem = string | { key?: string; text: string; label?: ReactNode; description?: ReactNode; icon?: ReactNode };

const buttonStyle: CSSProperties = { all: 'unset', cursor: 'pointer', display: 'block', width: '100%', outlineOffset: 2 };

function textOf(item: PromptItem): string {
  return typeof item === 'string' ? item : item.text;
}

/** Props of {@link PromptList}. */
export interface PromptListProps {
  items: readonly PromptItem[];
  onSelect: (text: string) => void;
  title?: ReactNode;
  /** Accessible name of the list. */
  label: string;
  vertical?: boolean;
}

/**
 * Ant Design X Prompts whose labels are real buttons, so every prompt is reachable with Tab and
 * sends with Enter or Space (the click bubbles to the Prompts item).
 */
export const PromptList = memo(function PromptList({ items, onSelect, title, label, vertical }: PromptListProps) {
  const { token } = theme.useToken();
  const byKey = new Map(items.map((item, index) => [typeof item === 'string' ? `${index}` : (item.key ?? `${index}`), item]));
  return (
    <div role="group" aria-label={label} data-xagent-prompts="">
      <Prompts
        title={title}
        wrap
        vertical={vertical}
        items={[...byKey].map(([key, item]) => ({
          key,
          icon: typeof item === 'string' ? undefined : item.icon,
          // Everything goes in `description` (a <p>): Prompts renders `label` in a hard-coded <h6>,
          // which breaks the host page's heading outline (axe heading-order).
          description: (
            <>
              <button type="button" style={{ ...buttonStyle, color: token.colorText, fontWeight: typeof item === 'string' ? undefined : 500 }}>
                {typeof item === 'string' ? item : (item.label ?? item.text)}
              </button>
              {typeof item !== 'string' && item.description ? <span style={{ display: 'block' }}>{item.description}</span> : null}
            </>
          ),
        }))}
        onItemClick={({ data }) => {
          const item = byKey.get(String(data.key));
          if (item) onSelect(textOf(item));
        }}
      />
    </div>
  );
});
