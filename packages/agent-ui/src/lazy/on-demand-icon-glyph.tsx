'use client';
import { BorderOutlined, BulbOutlined, FileTextOutlined, MessageOutlined, PaperClipOutlined } from '@ant-design/icons';

/**
 * The icons that show only with some content or in some modes (see `OnDemandIcon`): reasoning, the
 * drawer's trigger, a pasted text's chip, the attach button of a composer given attachments without
 * the plug-in (the plug-in brings its own), the queue's Stop.
 */
const GLYPHS = { bulb: BulbOutlined, message: MessageOutlined, 'file-text': FileTextOutlined, 'paper-clip': PaperClipOutlined, border: BorderOutlined } as const;

/** The name of an icon loaded on demand. */
export type OnDemandIconName = keyof typeof GLYPHS;

/** One of the on-demand icons (the antd icon itself). */
export function OnDemandIconGlyph({ name, decorative }: { name: OnDemandIconName; decorative?: boolean }) {
  const Glyph = GLYPHS[name];
  return decorative ? <Glyph aria-hidden="true" /> : <Glyph />;
}
