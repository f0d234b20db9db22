'use client';
import type { FileCardProps } from '@ant-design/x/es/file-card/index.js';
import { theme } from 'antd';
import type { ComponentType, CSSProperties } from 'react';
import { lazyComponent } from '../lazy/lazy-component.js';
import { loadOnDemand } from '../lazy/load-on-demand.js';

export type { FileCardProps };

const IMAGE_NAME = /\.(png|jpe?g|gif|bmp|webp|svg|jfif)$/i;
// Ant Design X FileCard's own box: 268 px wide; `small` files are one control (40 px) high.
const CARD_WIDTH = 268;

/**
 * What a FileCard looks like before its code is there: the same box (width, height, corners,
 * background), the file's name, and for images the image itself — nothing moves when it is replaced.
 */
function FileCardPlaceholder({ name, type, src, size, imageProps, style }: FileCardProps) {
  const { token } = theme.useToken();
  const isImage = type === 'image' || (!type && IMAGE_NAME.test(name));
  const box: CSSProperties = { width: CARD_WIDTH, borderRadius: token.borderRadius, overflow: 'hidden', boxSizing: 'border-box' };
  return (
    <div style={{ display: 'flex', ...style }} data-xagent-file-placeholder="">
      {isImage && src ? (
        <div style={box}>
          <img src={src} alt={imageProps?.alt ?? name} style={{ width: '100%', height: 'auto', objectFit: 'cover', verticalAlign: 'middle' }} />
        </div>
      ) : (
        <div
          style={{
            ...box,
            display: 'flex',
            alignItems: 'center',
            background: token.colorFillTertiary,
            color: token.colorTextBase,
            fontSize: token.fontSize,
            ...(size === 'small'
              ? { height: token.controlHeightLG, padding: `0 ${token.paddingSM}px` }
              : { minHeight: token.controlHeightLG, padding: `${token.paddingSM}px ${token.padding}px` }),
          }}
        >
          <span aria-hidden="true" style={{ width: size === 'small' ? token.fontSizeHeading4 : Number(token.fontSizeHeading1) - 2, flex: 'none', marginInlineEnd: size === 'small' ? token.marginXS : token.marginSM }} />
          <span dir="auto" style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </span>
        </div>
      )}
    </div>
  );
}

/**
 * Ant Design X FileCard, loaded on demand: its code (antd Image with the preview, Spin, Skeleton)
 * is a separate chunk fetched the first time a file is shown, with a placeholder of the same size
 * meanwhile. Same props as FileCard.
 */
export const FileCard = lazyComponent<FileCardProps>(
  async () => (await loadOnDemand()).FileCard as ComponentType<FileCardProps>,
  (props) => <FileCardPlaceholder {...props} />,
);
