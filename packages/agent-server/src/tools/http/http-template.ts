/** Filling an HTTP tool's request template from the tool input (Web-standard). */

const PLACEHOLDER = /\{\{\s*([\w$-]+(?:\.[\w$-]+)*)\s*\}\}/g;
const WHOLE = /^\{\{\s*([\w$-]+(?:\.[\w$-]+)*)\s*\}\}$/;
const ENV = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** A template that cannot be filled; the model sees the message as the tool error. */
export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/** The value at a dotted path of the input (own properties only). */
export function valueAt(input: unknown, path: string): unknown {
  let value: unknown = input;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `{{path}}` replaced by the input's value (`encode`d); a missing value is an error naming `where`. */
export function fill(template: string, input: unknown, where: string, encode: (value: string) => string = (v) => v): string {
  return template.replace(PLACEHOLDER, (_, path: string) => {
    const value = valueAt(input, path);
    if (value === undefined || value === null) throw new TemplateError(`The input has no "${path}" (needed by ${where}).`);
    return encode(text(value));
  });
}

/**
 * A path value, URL-encoded (a `/` cannot add a segment). `.` and `..` are refused: the URL parser
 * resolves them (encoded too: `%2E%2E`), so they would climb the path.
 */
export function encodePathValue(value: string): string {
  if (value === '.' || value === '..') throw new TemplateError(`"${value}" cannot be a URL path value.`);
  return encodeURIComponent(value);
}

/** The URL with templates in its path (encoded) and query filled, plus the `query` parameters. */
export function fillUrl(template: string, query: Record<string, string> | undefined, input: unknown): URL {
  const url = new URL(fill(template, input, 'the URL', encodePathValue));
  for (const [name, value] of Object.entries(query ?? {})) {
    const whole = WHOLE.exec(value);
    if (whole && valueAt(input, whole[1]!) === undefined) continue;
    url.searchParams.append(name, fill(value, input, `query parameter "${name}"`));
  }
  return url;
}

/** Header values with `{{path}}` from the input and `${NAME}` from the environment. */
export function fillHeaders(headers: Record<string, string> | undefined, input: unknown, env: Record<string, string | undefined>): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const withEnv = value.replace(ENV, (_, key: string) => {
      const found = env[key];
      if (found === undefined) throw new TemplateError(`Header "${name}" uses \${${key}}, which is not set on the server.`);
      return found;
    });
    const result = fill(withEnv, input, `header "${name}"`);
    if (/[\r\n]/.test(result)) throw new TemplateError(`Header "${name}" would contain a line break.`);
    filled[name] = result;
  }
  return filled;
}

/** A body template filled: a string that is one `{{path}}` takes the value itself (a missing one drops the key). */
export function fillBody(template: unknown, input: unknown): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    return whole ? valueAt(input, whole[1]!) : fill(template, input, 'the body');
  }
  if (Array.isArray(template)) return template.map((item) => fillBody(item, input)).filter((item) => item !== undefined);
  if (typeof template === 'object' && template !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const filled = fillBody(value, input);
      if (filled !== undefined) out[key] = filled;
    }
    return out;
  }
  return template;
}

/** Whether a URL template keeps templates out of its scheme and host (so the input cannot choose the server). */
export function hostIsLiteral(template: string): boolean {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(template);
  return match !== null && !match[1]!.includes('{{');
}
