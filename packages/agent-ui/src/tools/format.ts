/** JSON for display: pretty, never throws (cycles, BigInt), cut at `max` characters. */
export function toDisplayJson(value: unknown, max = Infinity): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A one-line summary of a tool result: strings as they are, objects as compact JSON, cut at `max`. */
export function summarize(value: unknown, max = 120): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** `1536` → `"1.5 KB"` (`"1,5 KB"` in `de-DE`: the number in the locale, the unit a symbol). */
export function formatBytes(bytes: number, locale?: string): string {
  const number = (value: number) => formatNumber(value, locale);
  if (bytes < 1024) return `${number(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${number(value >= 10 ? Math.round(value) : Math.round(value * 10) / 10)} ${units[unit]}`;
}

/** `value` in `locale` (`Intl.NumberFormat`; an unknown or missing locale: the default one), `digits` fraction digits when given. */
export function formatNumber(value: number, locale: string | undefined, digits?: number): string {
  const options: Intl.NumberFormatOptions = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  try {
    return new Intl.NumberFormat(locale ?? 'en-US', options).format(value);
  } catch {
    return new Intl.NumberFormat('en-US', options).format(value);
  }
}
