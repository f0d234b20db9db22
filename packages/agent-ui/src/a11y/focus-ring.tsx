'use client';
import { contrast, ensureContrast, over, parseColor, toHex, type Rgba } from '../theme/contrast.js';

/** Width of the kit's focus ring (WCAG 2.2 focus appearance asks for at least 2 CSS px). */
export const FOCUS_RING_WIDTH = 2;

const KIT_ROOTS = ':is([data-xagent-chat],[data-xagent-conversations],[data-xagent-transcript],[data-xagent-timeline],[data-xagent-composer],[data-xagent-prompts])';

/**
 * The kit's focus indicator: a solid ring in `--xagent-focus-ring` (set on each kit root from the
 * antd tokens, see {@link focusRingColor}) on every focused control inside a kit root. Scoped to the
 * kit's own elements: nothing applies to the host page. `!important` overrides antd's pale ring
 * (`controlOutline`, about 1.5:1), which does not meet the 3:1 focus-appearance contrast.
 */
/**
 * Class of the kit's popup menus (a conversation's actions): Ant Design renders them in a portal on
 * `<body>`, outside the kit roots, so they take the ring by this class and carry the
 * `--xagent-focus-ring` of the kit root that opened them.
 */
export const FOCUS_RING_MENU_CLASS = 'xagent-focus-ring-menu';

export const FOCUS_RING_CSS =
  `${KIT_ROOTS} :focus-visible{outline:${FOCUS_RING_WIDTH}px solid var(--xagent-focus-ring,#0958d9)!important;outline-offset:2px!important;box-shadow:none}` +
  // A text area sits flush in its box, and a conversation row's button in a label that clips its
  // overflow (ellipsis): their ring goes just inside.
  `${KIT_ROOTS} :is(textarea,[data-xagent-conversation]):focus-visible{outline-offset:-${FOCUS_RING_WIDTH}px!important}` +
  // The composer: one ring, drawn around its box while its text area has the focus (not a second one
  // on the text area; its buttons ring themselves). It replaces the box's resting shadow.
  `[data-xagent-composer] .ant-sender textarea:focus-visible{outline:none!important}` +
  `[data-xagent-composer] .ant-sender:has(textarea:focus-visible){box-shadow:0 0 0 ${FOCUS_RING_WIDTH}px var(--xagent-focus-ring,#0958d9)}` +
  // The kit's popup menus, in a portal: the same ring, just inside each entry (the menu clips it).
  `.${FOCUS_RING_MENU_CLASS} :focus-visible{outline:${FOCUS_RING_WIDTH}px solid var(--xagent-focus-ring,#0958d9)!important;outline-offset:-${FOCUS_RING_WIDTH}px!important;box-shadow:none}`;

/** The style element of the ring (React hoists and de-duplicates it by `href`). */
export function FocusRingStyle() {
  return (
    <style href="xagent-focus-ring" precedence="default">
      {FOCUS_RING_CSS}
    </style>
  );
}

const BLACK: Rgba = [0, 0, 0, 1];
const WHITE: Rgba = [255, 255, 255, 1];

/**
 * The ring's colour: `colorPrimary`, moved toward more contrast until it reaches 3:1 against the
 * background and the filled surfaces the kit puts controls on (cards, chips).
 */
export function focusRingColor(primary: string, backgrounds: readonly string[]): string {
  const surfaces = backgrounds.map((color) => parseColor(color)).filter((color): color is Rgba => !!color);
  const base = surfaces.find((color) => color[3] >= 1) ?? WHITE;
  const opaque = surfaces.map((color) => over(color, base));
  let ring = parseColor(primary) ?? [9, 88, 217, 1];
  ring = over(ring, base);
  const dark = contrast(base, BLACK) < contrast(base, WHITE);
  for (const surface of opaque) ring = ensureContrast(ring, surface, dark ? WHITE : BLACK, 3);
  return toHex(ring);
}
