'use client';
import { theme } from 'antd';
import { memo, useId, useState, type ComponentType } from 'react';
import { useAccessibleTokens, useAgentUIConfig } from '../config.js';

/**
 * A `data-compaction` part: "Earlier messages were summarized", a disclosure button (`aria-expanded`,
 * `aria-controls`) that shows the summary the agent now works from. Colors come from the theme's
 * tokens, so it follows dark mode. Tolerates a part without `summary` (older stores, bad input).
 */
/** Props of {@link CompactionMarker}. */
export interface CompactionMarkerProps {
  data: unknown;
  /**
   * Renders the summary: the transcript's `StreamingMarkdown`, handed down by message-parts.tsx so
   * the on-demand chunk does not import the first-load markdown (whose lazy parts load the chunk).
   */
  Markdown: ComponentType<{ text: string; streaming: boolean; announce: boolean }>;
}

export const CompactionMarker = memo(function CompactionMarker({ data, Markdown }: CompactionMarkerProps) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  // Outside AgentChat's accessible theme (a custom layout), the secondary text keeps 4.5:1 here.
  const secondary = useAccessibleTokens().colorTextSecondary ?? token.colorTextSecondary;
  const [open, setOpen] = useState(false);
  const id = useId();
  const summary = typeof (data as { summary?: unknown } | null)?.summary === 'string' ? (data as { summary: string }).summary : '';
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <div data-xagent-compaction="" style={{ margin: `${token.marginXS}px 0`, color: secondary, fontSize: token.fontSizeSM }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXS }}>
        <span aria-hidden="true" style={{ flex: 1, borderTop: line }} />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          style={{
            all: 'unset',
            cursor: 'pointer',
            color: secondary,
            minHeight: 24,
            paddingInline: token.paddingXS,
            borderRadius: token.borderRadiusSM,
            outlineOffset: 2,
          }}
          className="xagent-compaction-toggle"
        >
          <span aria-hidden="true" style={{ display: 'inline-block', width: '1em', transform: open ? 'rotate(90deg)' : undefined }}>
            ›
          </span>
          {strings.compactionMarker}
        </button>
        <span aria-hidden="true" style={{ flex: 1, borderTop: line }} />
      </div>
      <div
        id={id}
        hidden={!open}
        style={{
          marginTop: token.marginXS,
          padding: `${token.paddingXS}px ${token.paddingSM}px`,
          borderRadius: token.borderRadius,
          background: token.colorFillQuaternary,
          color: token.colorText,
          fontSize: token.fontSize,
        }}
      >
        {open ? <Markdown text={summary} streaming={false} announce={false} /> : null}
      </div>
    </div>
  );
});
