'use client';
import type { ReactElement } from 'react';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types.js';

/**
 * An Ant Design icon drawn from its definition (`@ant-design/icons-svg`, the data `@ant-design/icons`
 * draws from): the same glyph as antd's icon component, as one `<svg>` element with its paths — a
 * plain element, no component, context or wrapper `<span>` (every message and code block shows some).
 * 1em square, `currentColor`, hidden from assistive technology (the button carries the name).
 */
export function actionIcon(icon: IconDefinition): ReactElement {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <svg viewBox={svg.attrs.viewBox} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      {(svg.children ?? []).map((node, i) => (
        <path key={i} d={node.attrs.d} />
      ))}
    </svg>
  );
}
