/**
 * Whether a `content-type` header announces a UTF-8 JSON body: `application/json` or any
 * `application/*+json`, case-insensitive, with an optional `charset` that must be UTF-8. A header
 * repeated with the same JSON type (`a, a` after joining) is accepted; mixed types are not.
 */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const values = header.split(',').map((v) => v.trim());
  return values.length > 0 && values.every(isJsonMediaType);
}

function isJsonMediaType(value: string): boolean {
  const [type = '', ...params] = value.split(';');
  const essence = type.trim().toLowerCase();
  if (essence !== 'application/json' && !/^application\/[a-z0-9!#$&^_.-]+\+json$/.test(essence)) return false;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    const raw = param.slice(eq + 1).trim();
    const paramValue = (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw).toLowerCase();
    if (name === 'charset' && paramValue !== 'utf-8' && paramValue !== 'utf8') return false;
  }
  return true;
}
