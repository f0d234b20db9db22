/** What a tool result looked like to the model: a value, a denial, or an error. */
export type SeenToolOutput =
  | { kind: 'value'; value: unknown }
  | { kind: 'denied'; reason: string | undefined }
  | { kind: 'error'; message: string };

/**
 * Reads the provider-level tool result output (`{ type: 'json' | 'text' | 'content' | 'execution-denied' |
 * 'error-text' … }`); for `content` (e.g. MCP results) the value is the list of content parts.
 */
export function seenToolOutput(output: unknown): SeenToolOutput {
  const o = (output ?? {}) as { type?: string; value?: unknown; reason?: string };
  switch (o.type) {
    case 'execution-denied':
      return { kind: 'denied', reason: o.reason };
    case 'error-text':
    case 'error-json':
      return { kind: 'error', message: typeof o.value === 'string' ? o.value : JSON.stringify(o.value) };
    case 'json':
    case 'text':
    case 'content':
      return { kind: 'value', value: o.value };
    default:
      return { kind: 'value', value: output };
  }
}
