'use client';
import { Button } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useAgentUIConfig } from '../config.js';
import { lazyComponent } from '../lazy/lazy-component.js';
import { OnDemandIcon } from '../lazy/on-demand.js';
import { useMarkdownStyles } from './markdown-styles.js';

interface HighlightProps {
  code: string;
  language: string | undefined;
  /** Dark background: the dark palette. */
  dark: boolean;
  /** The `<code>` element's class and style. */
  className: string | undefined;
  style: CSSProperties;
}

/**
 * The highlighter (highlight.js core and a few languages), in its own chunk fetched the first time
 * a finished code block shows. Until then the code shows as plain text in the same kind of element,
 * so nothing moves when the colours arrive.
 */
export const HighlightedCode = lazyComponent<HighlightProps>(
  async () => (await import('./highlighted-code.js')).HighlightedCode,
  ({ code, className, style }) => <code className={className} style={style}>{code}</code>,
);

/** The code keeps its lines (XMarkdown's CSS wraps `code`): a long line scrolls inside the block instead. */
const codeStyle = { whiteSpace: 'inherit', wordBreak: 'inherit', overflowWrap: 'inherit' } as const;

/** The copy button: "Copy", then "Copied" for two seconds. */
function CopyButton({ text }: { text: string }) {
  const { strings } = useAgentUIConfig();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      type="text"
      size="small"
      icon={<OnDemandIcon name="copy" />}
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
      {copied ? strings.copied : strings.copy}
    </Button>
  );
}

/**
 * A fenced code block: a header with its language and a copy button, then the code on a shaded
 * background. Highlighted once the block is finished (a block still streaming stays plain: no
 * highlighting per token).
 */
export function CodeBlock({ code, lang, streaming }: { code: string; lang: string | undefined; streaming: boolean }) {
  const styles = useMarkdownStyles();
  const language = lang?.trim().split(/\s+/)[0]?.toLowerCase() || undefined;
  const text = code.replace(/\n$/, '');
  const codeClass = language ? `language-${language}` : undefined;
  return (
    <div style={styles.codeBlock} data-xagent-code-block={language ?? ''}>
      <div style={styles.codeHeader}>
        <span style={styles.codeLang}>{language ?? ''}</span>
        <CopyButton text={text} />
      </div>
      <pre style={styles.codePre} tabIndex={0}>
        {streaming ? (
          <code className={codeClass} style={codeStyle}>{text}</code>
        ) : (
          <HighlightedCode code={text} language={language} dark={styles.dark} className={codeClass} style={codeStyle} />
        )}
      </pre>
    </div>
  );
}
