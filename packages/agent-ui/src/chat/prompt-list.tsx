'use client';
import { theme } from 'antd';
import { memo, useRef, type CSSProperties, type ReactNode } from 'react';
import { useRovingFocus } from '../a11y/roving-focus.js';

/** A prompt: plain text, or text with a label/description/icon. */
export type PromptItem = string | { key?: string; text: string; label?: ReactNode; description?: ReactNode; icon?: ReactNode };

const buttonStyle: CSSProperties = { all: 'unset', cursor: 'pointer', display: 'block', width: '100%', outlineOffset: 2 };

// Hover and press colours come from custom properties set per item (inline styles cannot hold :hover).
const PROMPT_CSS =
  '[data-xagent-prompt]:hover{background:var(--xagent-prompt-hover)!important}' +
  '[data-xagent-prompt]:active{background:var(--xagent-prompt-active)!important}';

function textOf(item: PromptItem): string {
  return typeof item === 'string' ? item : item.text;
}

/**
 * The accessible name of a prompt's button: the prompt it sends. A short visible label comes first
 * (the name contains what is seen), then the prompt; a label that is not text keeps its own name
 * and gets the prompt as its description.
 */
function promptName(item: PromptItem): { 'aria-label'?: string; 'aria-description'?: string } {
  if (typeof item === 'string' || item.label === undefined || item.label === item.text) return {};
  if (typeof item.label === 'string') return { 'aria-label': `${item.label}: ${item.text}` };
  return { 'aria-description': item.text };
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
 * Prompts as cards, in the look of Ant Design X Prompts (same tokens: bordered, rounded, filled on
 * hover), whose labels are real buttons: every prompt is reachable with Tab and sends with Enter or
 * Space; a click anywhere on the card sends too. Rendered without the Prompts component, whose
 * title pulls antd Typography into the first chunk and whose labels are hard-coded <h6>s that
 * break the host page's heading outline (axe heading-order).
 */
export const PromptList = memo(function PromptList({ items, onSelect, title, label, vertical }: PromptListProps) {
  const { token } = theme.useToken();
  const groupRef = useRef<HTMLDivElement>(null);
  // One Tab stop for the prompts: arrow keys, Home, End and type-ahead move between them.
  useRovingFocus(groupRef, { items: '[data-xagent-prompt-button]' });
  const byKey = new Map(items.map((item, index) => [typeof item === 'string' ? `${index}` : (item.key ?? `${index}`), item]));
  const itemStyle = {
    flex: 'none',
    display: 'flex',
    gap: token.paddingXS,
    boxSizing: 'border-box',
    maxWidth: '100%',
    padding: `${token.paddingSM}px ${token.padding}px`,
    alignItems: 'flex-start',
    background: token.colorBgContainer,
    borderRadius: token.borderRadiusLG,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    transition: `border ${token.motionDurationSlow}, background ${token.motionDurationSlow}`,
    cursor: 'pointer',
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    '--xagent-prompt-hover': token.colorFillTertiary,
    '--xagent-prompt-active': token.colorFill,
  } as CSSProperties;
  return (
    <div ref={groupRef} role="group" aria-label={label} data-xagent-prompts="" style={{ maxWidth: '100%', boxSizing: 'border-box' }}>
      <style href="xagent-prompts" precedence="default">
        {PROMPT_CSS}
      </style>
      {title ? (
        <div style={{ margin: `0 0 ${token.marginXS}px`, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, color: token.colorTextTertiary }}>{title}</div>
      ) : null}
      <div
        style={{
          display: 'flex',
          gap: token.paddingSM,
          flexWrap: 'wrap',
          flexDirection: vertical ? 'column' : 'row',
          alignItems: vertical ? 'flex-start' : 'stretch',
        }}
      >
        {[...byKey].map(([key, item]) => (
          <div key={key} style={itemStyle} data-xagent-prompt="" onClick={() => onSelect(textOf(item))}>
            {typeof item !== 'string' && item.icon ? <div style={{ margin: 0, padding: 0 }}>{item.icon}</div> : null}
            <div style={{ flex: 'auto', minWidth: 0, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: token.paddingXXS }}>
              <p style={{ margin: 0, padding: 0, textAlign: 'start', whiteSpace: 'normal' }}>
                <button
                  type="button"
                  dir="auto"
                  {...promptName(item)}
                  data-xagent-prompt-button=""
                  style={{ ...buttonStyle, color: token.colorText, fontWeight: typeof item === 'string' ? undefined : 500 }}
                >
                  {typeof item === 'string' ? item : (item.label ?? item.text)}
                </button>
                {typeof item !== 'string' && item.description ? <span style={{ display: 'block' }}>{item.description}</span> : null}
              </p>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
});
