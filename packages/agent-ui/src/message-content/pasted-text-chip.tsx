'use client';
import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useState, type CSSProperties } from 'react';
import { useAgentUIConfig } from '../config.js';
import { OnDemandIcon } from '../lazy/on-demand.js';
import { pastedSize } from './pasted-text.js';

const chipStyle: CSSProperties = {
  display: 'inline-flex',
  flexDirection: 'column',
  gap: 4,
  maxWidth: '100%',
  padding: '6px 10px',
  borderRadius: 8,
  border: '1px solid var(--ant-color-border, #d9d9d9)',
  background: 'var(--ant-color-bg-container, #fff)',
};
const previewStyle: CSSProperties = { whiteSpace: 'pre-wrap', margin: 0, maxHeight: 240, overflow: 'auto', fontSize: 12, maxWidth: 560 };

/**
 * A long pasted text as a chip: "Pasted text", its size, a button that shows or hides a scrollable
 * preview (`aria-expanded`), and — in the composer — a remove button.
 */
export function PastedTextChip({ text, onRemove }: { text: string; onRemove?: () => void }) {
  const t = useAgentUIConfig().strings.queue;
  const [open, setOpen] = useState(false);
  const previewId = useId();
  const { lines, chars } = pastedSize(text);
  return (
    <div style={chipStyle} data-xagent-pasted-text="">
      <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <OnDemandIcon name="file-text" decorative />
        <span>
          <strong>{t.pastedText}</strong> · {t.pastedSummary(lines, chars)}
        </span>
        <Button size="small" type="link" aria-expanded={open} aria-controls={previewId} onClick={() => setOpen((value) => !value)}>
          {open ? t.collapse : t.expand}
        </Button>
        {onRemove ? <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t.removePasted} title={t.removePasted} onClick={onRemove} /> : null}
      </div>
      {open ? (
        <pre id={previewId} style={previewStyle} tabIndex={0}>
          {text}
        </pre>
      ) : null}
    </div>
  );
}
