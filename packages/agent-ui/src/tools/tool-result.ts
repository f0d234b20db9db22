import { summarize } from './format.js';
/**
 * Tool results for people: MCP `CallToolResult`s recognised, and a one-line summary of any result
 * instead of raw JSON.
 */

/** One item of an MCP tool result's `content`. */
export type McpContentItem =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; text?: string; mimeType?: string; blob?: string } }
  | { type: 'resource_link'; uri: string; name?: string; title?: string; description?: string; mimeType?: string }
  | { type: string; [key: string]: unknown };

/** An MCP `CallToolResult`: `{ content: [...], isError? }`. */
export interface McpToolResult {
  content: McpContentItem[];
  isError?: boolean;
  structuredContent?: unknown;
}

/** `value` as an MCP tool result, or `undefined` when it is not one. */
export function mcpResultOf(value: unknown): McpToolResult | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const content = (value as { content?: unknown }).content;
  if (!Array.isArray(content) || content.length === 0) return undefined;
  if (!content.every((item) => item && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string')) return undefined;
  return value as McpToolResult;
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function primitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * A short human summary of a tool result: the text of a string or an MCP result, a list's size,
 * or an object's first plain fields (`status: shipped · eta: 2 days`) — never a JSON dump.
 */
export function describeResult(value: unknown, itemCount: (count: number) => string, max = 120): string {
  if (value === undefined || value === null) return '';
  if (primitive(value)) return oneLine(String(value), max);
  const mcp = mcpResultOf(value);
  if (mcp) {
    const text = mcp.content.find((item): item is { type: 'text'; text: string } => item.type === 'text' && typeof item.text === 'string');
    if (text) return oneLine(text.text, max);
    const kinds = new Map<string, number>();
    for (const item of mcp.content) kinds.set(item.type, (kinds.get(item.type) ?? 0) + 1);
    return [...kinds].map(([kind, count]) => `${kind.replace('_', ' ')} × ${count}`).join(', ');
  }
  if (Array.isArray(value)) return itemCount(value.length);
  for (const key of ['message', 'summary', 'title', 'text', 'result']) {
    const found = (value as Record<string, unknown>)[key];
    if (typeof found === 'string' && found.trim()) return oneLine(found, max);
  }
  return describeFields(value as Record<string, unknown>, itemCount, max);
}

/**
 * An object's first plain fields as `key: value · key: value`, keys in sorted order: the same line
 * whatever order a store kept them in (PostgreSQL's jsonb reorders keys, so a reload would not).
 */
export function describeFields(value: Record<string, unknown>, itemCount: (count: number) => string, max = 120): string {
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const shown = entries
    .slice(0, 4)
    .map(([key, v]) => (primitive(v) ? `${key}: ${String(v)}` : Array.isArray(v) ? `${key}: ${itemCount(v.length)}` : null))
    .filter((line): line is string => line !== null);
  if (!shown.length) return oneLine(entries.map(([key]) => key).join(', '), max);
  return oneLine(shown.join(' · ') + (entries.length > 4 ? ' · …' : ''), max);
}

/** A one-line view of a tool's input, shown as a result is: `key: value` fields of an object, else compact text. */
export function describeInput(value: unknown, itemCount: (count: number) => string, max = 80): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const fields = describeFields(value as Record<string, unknown>, itemCount, max);
    if (fields) return fields;
  }
  return summarize(value, max);
}
