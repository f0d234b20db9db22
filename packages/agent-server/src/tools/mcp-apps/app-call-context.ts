/**
 * The `context` (tool execution option) of a tool call an MCP App made (`POST …/mcp-apps/call`). The turn never
 * sets this object, and a model cannot produce it, so policies can tell the app's calls apart
 * (`ctx.caller === 'app'`).
 */
export const APP_CALL_CONTEXT: Readonly<{ caller: 'app' }> = Object.freeze({ caller: 'app' });

/** Who made a tool call: the model, or an MCP App from inside its UI. */
export function callerOf(options: { context?: unknown } | undefined): 'model' | 'app' {
  return options?.context === APP_CALL_CONTEXT ? 'app' : 'model';
}
