/**
 * Whether two byte strings are equal, in a time that depends on their length only (never on where
 * they differ): every byte pair is compared. Pure JS over bytes, so it runs wherever Web Crypto does
 * (Node, Bun, Deno, edge runtimes) — no `node:crypto`. Lengths are not secret (a MAC's length is
 * public): different lengths answer `false` at once.
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
