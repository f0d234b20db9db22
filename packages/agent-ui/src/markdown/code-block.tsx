'use client';
import { CopyOutlined } from '@ant-design/icons-svg';
import { theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useAgentUIConfig } from '../config.js';
import { lazyComponent } from '../lazy/lazy-component.js';
import { parseColor } from '../theme/contrast.js';
import { actionIcon } from '../buttons/action-icon.js';
import { useNearView } from './near-view.js';

interface HighlightProps {
  code: string;
  language: string | undefined;
  /** Dark background: the dark palette. */
  dark: boolean;
  /** The `<code>` element's class (`language-*`). */
  className: string | undefined;
}

/**
 * The highlighter (highlight.js core and a few languages), in its own chunk fetched the first time
 * a finished code block shows. Until then the code shows as plain text in the same kind of element,
 * so nothing moves when the colours arrive.
 */
export const HighlightedCode = lazyComponent<HighlightProps>(
  async () => (await import('./highlighted-code.js')).HighlightedCode,
  ({ code, className }) => <code className={className}>{code}</code>,
);

/** Whether the theme in scope has a dark background (for the highlighter's palette). */
function useDarkBackground(): boolean {
  const { token } = theme.useToken();
  const [r, g, b] = parseColor(token.colorBgContainer) ?? [255, 255, 255];
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

/**
 * The copy button: "Copy", then "Copied" for two seconds. A host button styled as antd's small text
 * button with an icon (`.x-agent-action-labelled`): a reply with ten code blocks has ten of them.
 */
function CopyButton({ text }: { text: string }) {
  const { strings } = useAgentUIConfig();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <button
      type="button"
      className="x-agent-action x-agent-action-labelled"
      aria-label={copied ? strings.copied : strings.copyCode}
      aria-live="polite"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => {
            setCopied(true);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setCopied(false), 2000);
          },
          () => {},
        );
      }}
    >
      {actionIcon(CopyOutlined)}
      <span>{copied ? strings.copied : strings.copy}</span>
    </button>
  );
}

/**
 * A fenced code block: a header with its language and a copy button, then the code on a shaded
 * background. Highlighted once the block is finished (a block still streaming stays plain: no
 * highlighting per token), while it is near the view: a block far off screen shows its code plain
 * (the same text, the same layout), so a long conversation keeps no coloured elements for code
 * nobody sees — an element, a layout object and a text shape per token: ≈ 1.8 MB of the page's
 * memory for S8's 30 blocks (`bench/render/probe-heap.ts`).
 */
export function CodeBlock({ code, lang, streaming }: { code: string; lang: string | undefined; streaming: boolean }) {
  const dark = useDarkBackground();
  const pre = useRef<HTMLPreElement>(null);
  const near = useNearView(pre);
  const language = lang?.trim().split(/\s+/)[0]?.toLowerCase() || undefined;
  const text = code.replace(/\n$/, '');
  const codeClass = language ? `language-${language}` : undefined;
  return (
    <div className="x-agent-code" data-xagent-code-block={language ?? ''}>
      <div className="x-agent-code-header">
        <span className="x-agent-code-lang">{language ?? ''}</span>
        <CopyButton text={text} />
      </div>
      <pre ref={pre} tabIndex={0}>
        {streaming || !near ? (
          <code className={codeClass}>{text}</code>
        ) : (
          <HighlightedCode code={text} language={language} dark={dark} className={codeClass} />
        )}
      </pre>
    </div>
  );
}
