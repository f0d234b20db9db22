/** WCAG contrast checks of theme tokens, on antd's own colour library (`@ant-design/fast-color`). */
import { FastColor } from '@ant-design/fast-color';

export type Rgba = [number, number, number, number];

const rgba = (color: FastColor): Rgba => [color.r, color.g, color.b, color.a];
const fast = ([r, g, b, a]: Rgba): FastColor => new FastColor({ r, g, b, a });

/**
 * Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` and `hsl()`/`hsla()`; `undefined` for
 * anything else (FastColor reads an unknown string, a keyword or a CSS variable as black).
 */
export function parseColor(color: string): Rgba | undefined {
  const value = color.trim();
  if (!/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) && !/^(?:rgba?|hsla?)\([^)]+\)$/i.test(value)) return undefined;
  return rgba(new FastColor(value));
}

/** `top` composited over an opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  return rgba(fast(top).onBackground(fast(bottom)));
}

/** WCAG contrast ratio of two opaque colors. */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [fast(a).getLuminance(), fast(b).getLuminance()].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` mixed toward `target` just enough to reach `ratio` against `against` (opaque result). */
export function ensureContrast(color: Rgba, against: Rgba, target: Rgba, ratio = 4.5): Rgba {
  const toward = fast(target).setA(1);
  let current = fast(color).onBackground(fast(against));
  for (let step = 0; step < 20 && contrast(rgba(current), against) < ratio; step++) current = current.mix(toward, 10);
  return rgba(current);
}

/** `#rrggbb` of an opaque color. */
export function toHex([r, g, b]: Rgba): string {
  return new FastColor({ r: Math.round(r), g: Math.round(g), b: Math.round(b) }).toHexString();
}

/** `color` moved `percent` of the way toward `target` (opaque result). */
export function mix(color: Rgba, target: Rgba, percent: number): Rgba {
  return rgba(fast(color).setA(1).mix(fast(target).setA(1), percent));
}
