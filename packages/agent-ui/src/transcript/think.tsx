'use client';
import { LoadingOutlined, RightOutlined } from '@ant-design/icons';
import type { ThinkProps } from '@ant-design/x/es/think/index.js';
import { theme } from 'antd';
import type { ComponentType } from 'react';
import { lazyComponent } from '../lazy/lazy-component.js';
import { loadOnDemand } from '../lazy/load-on-demand.js';
import { useMirrorInRtl } from '../direction.js';

export type { ThinkProps };

/**
 * Think's header (icon, title, caret) and, when expanded, its content, with Think's own
 * metrics: what shows for the moments before Think's code is there.
 */
function ThinkPlaceholder({ title, icon, loading, expanded, defaultExpanded, onExpand, children, style }: ThinkProps) {
  const { token } = theme.useToken();
  const open = expanded ?? defaultExpanded ?? true;
  const mirror = useMirrorInRtl();
  return (
    <div style={style} data-xagent-think-placeholder="">
      <div
        onClick={() => onExpand?.(!open)}
        style={{ width: 'fit-content', display: 'flex', gap: token.paddingXS, alignItems: 'center', fontSize: token.fontSize, color: token.colorTextSecondary, lineHeight: token.lineHeight, cursor: 'pointer' }}
      >
        <div style={{ fontSize: token.fontSizeHeading5, display: 'flex' }}>{loading ? (loading === true ? <LoadingOutlined /> : loading) : icon}</div>
        <div style={{ lineHeight: token.lineHeight, fontSize: token.fontSize }}>{title}</div>
        <RightOutlined rotate={open ? 90 : 0} style={{ fontSize: token.fontSizeSM, ...mirror }} />
      </div>
      {open ? (
        <div
          style={{
            marginTop: token.marginSM,
            width: '100%',
            color: token.colorTextDescription,
            paddingInlineStart: token.paddingSM,
            borderInlineStart: `${token.lineWidth * 2}px solid ${token.colorBorder}`,
          }}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Ant Design X Think, loaded on demand (its own chunk; AgentChat preloads it when the browser is
 * idle after the first paint), with a look-alike placeholder meanwhile. Same props as Think.
 */
export const Think = lazyComponent<ThinkProps>(
  async () => (await loadOnDemand()).Think as ComponentType<ThinkProps>,
  (props) => <ThinkPlaceholder {...props} />,
);
