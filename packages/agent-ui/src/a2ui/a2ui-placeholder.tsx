'use client';
import { theme } from 'antd';
import type { PlaceholderReason } from './render-tree.js';
import { useSurface } from './surface-context.js';

/** A visible, inert stand-in for something of the surface the kit will not draw. */
export function A2UIPlaceholder({ reason, detail }: { reason: PlaceholderReason; detail: string }) {
  const { strings } = useSurface();
  const { token } = theme.useToken();
  const text =
    reason === 'unknown-type'
      ? strings.unsupported(detail)
      : reason === 'missing'
        ? strings.missing(detail)
        : reason === 'cycle'
          ? strings.cycle(detail)
          : reason === 'too-deep'
            ? strings.tooDeep
            : strings.tooMany;
  return (
    <span
      data-a2ui-placeholder={reason}
      style={{
        display: 'inline-block',
        padding: '2px 8px',
        border: `1px dashed ${token.colorBorder}`,
        borderRadius: token.borderRadiusSM,
        color: token.colorTextSecondary,
        fontSize: token.fontSizeSM,
      }}
    >
      {text}
    </span>
  );
}
