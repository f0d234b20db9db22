/** Small statistics helpers: percentiles, medians and a bootstrap CI of the median (seeded). */

export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (rank - lo);
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** 95% bootstrap confidence interval of the median, deterministic (seeded resampling). */
export function bootstrapCI(values: readonly number[], iterations = 2000, seed = 7): [number, number] {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return [Number.NaN, Number.NaN];
  let s = seed >>> 0;
  const rnd = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const medians: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const sample = finite.map(() => finite[Math.floor(rnd() * finite.length)] as number);
    medians.push(median(sample));
  }
  return [percentile(medians, 2.5), percentile(medians, 97.5)];
}

/** Fisher–Yates shuffle with Math.random: a fresh contender order each round. */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export function fmt(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 1000) return value.toFixed(0);
  if (Math.abs(value) >= 100) return value.toFixed(1);
  return value.toFixed(digits);
}
