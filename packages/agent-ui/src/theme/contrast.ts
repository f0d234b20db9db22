/** Minimal color math for WCAG contrast checks of theme tokens (hex, rgb() and rgba() colors). */
export type Rgba = [number, number, number, number];

/** Parses `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()` and `rgba()`; `undefined` for anything else. */
export function parseColor(color: string): Rgba | undefined {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), full.length === 8 ? n(6) / 255 : 1];
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(value)?.[1];
  if (rgb) {
    const parts = rgb.split(/[\s,/]+/).filter(Boolean).map(Number);
    if (parts.length < 3 || parts.some(Number.isNaN)) return undefined;
    return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
  }
  return undefined;
}

/** `top` composited over an opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two opaque colors. */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` mixed toward `target` just enough to reach `ratio` against `against` (opaque result). */
export function ensureContrast(color: Rgba, against: Rgba, target: Rgba, ratio = 4.5): Rgba {
  let current = over(color, against);
  for (let step = 0; step < 20 && contrast(current, against) < ratio; step++) {
    current = [current[0] + (target[0] - current[0]) * 0.1, current[1] + (target[1] - current[1]) * 0.1, current[2] + (target[2] - current[2]) * 0.1, 1];
  }
  return current;
}

/** `#rrggbb` of an opaque color. */
export function toHex([r, g, b]: Rgba): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}
