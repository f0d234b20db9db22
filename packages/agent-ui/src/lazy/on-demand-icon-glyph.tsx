'use client';
import { BulbOutlined, MessageOutlined } from '@ant-design/icons';

/** The icons that show only with some content or in some modes (see `OnDemandIcon`). */
const GLYPHS = { bulb: BulbOutlined, message: MessageOutlined } as const;

/** The name of an icon loaded on demand. */
export type OnDemandIconName = keyof typeof GLYPHS;

/** One of the on-demand icons (the antd icon itself). */
export function OnDemandIconGlyph({ name }: { name: OnDemandIconName }) {
  const Glyph = GLYPHS[name];
  return <Glyph />;
}
