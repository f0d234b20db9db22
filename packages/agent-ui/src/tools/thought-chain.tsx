'use client';
import type { ThoughtChainItemProps } from '@ant-design/x/es/thought-chain/index.js';
import { theme } from 'antd';
import type { ComponentType } from 'react';
import { defaultExport, lazyComponent } from '../lazy/lazy-component.js';
import { loadOnDemand } from '../lazy/load-on-demand.js';

export type { ThoughtChainItemProps };

/**
 * A ThoughtChain item's line (title, description, and the status icon's space) with the item's own
 * metrics and colours: what shows for the moments before ThoughtChain's code is there.
 */
function ItemPlaceholder({ status, icon, title, description, style, variant = 'solid' }: ThoughtChainItemProps) {
  const { token } = theme.useToken();
  const error = status === 'error';
  return (
    <div
      style={{
        display: 'inline-flex',
        gap: token.marginXXS + 1,
        whiteSpace: 'normal',
        wordBreak: 'break-word',
        fontSize: token.fontSize,
        color: error ? token.colorErrorText : token.colorText,
        padding: `${variant === 'outlined' ? token.paddingXXS : token.paddingXXS + 1}px ${token.paddingSM}px`,
        boxSizing: 'border-box',
        lineHeight: token.lineHeight,
        borderRadius: token.borderRadius,
        alignItems: 'baseline',
        ...(variant === 'solid' ? { background: error ? token.colorErrorBg : token.colorFillQuaternary } : {}),
        ...(variant === 'outlined' ? { border: `${token.lineWidth}px ${token.lineType} ${error ? token.colorErrorBorder : token.colorBorder}` } : {}),
        ...style,
      }}
      data-xagent-chain-placeholder=""
    >
      {status || icon ? (
        <div aria-hidden="true">{status ? <span style={{ display: 'inline-block', width: '1em' }} /> : icon}</div>
      ) : null}
      <div>
        {title ? <div style={{ display: 'inline-block', whiteSpace: 'nowrap', marginInlineEnd: description ? token.marginXS : undefined }}>{title}</div> : null}
        {description ? <div style={{ color: error ? undefined : token.colorTextDescription, display: 'inline-block', whiteSpace: 'break-spaces' }}>{description}</div> : null}
      </div>
    </div>
  );
}

/**
 * Ant Design X ThoughtChain's `Item`, loaded on demand (its own chunk; AgentChat preloads it when
 * the browser is idle after the first paint), with a look-alike placeholder meanwhile. Same props.
 */
const Item = lazyComponent<ThoughtChainItemProps>(
  async () => (defaultExport((await loadOnDemand()).ThoughtChainModule) as { Item: ComponentType<ThoughtChainItemProps> }).Item,
  (props) => <ItemPlaceholder {...props} />,
);

/** `ThoughtChain.Item` (the part of ThoughtChain the kit uses), loaded on demand. */
export const ThoughtChain = { Item };
