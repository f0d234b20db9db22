import type { Tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { isAppOnlyTool, uiResourceUriOf } from './mcp-app-tools.js';

// `as unknown as Tool`: an MCP tool as @ai-sdk/mcp lists it (with `_meta`), without an input schema or execute.
const tool = (meta: Record<string, unknown> | undefined) => ({ description: 't', ...(meta ? { _meta: meta } : {}) }) as unknown as Tool;

describe('MCP App tool metadata', () => {
  it('reads the nested _meta.ui.resourceUri, else the older flat key; only ui:// URIs', () => {
    expect(uiResourceUriOf(tool({ ui: { resourceUri: 'ui://a/app.html' } }))).toBe('ui://a/app.html');
    expect(uiResourceUriOf(tool({ 'ui/resourceUri': 'ui://b/app.html' }))).toBe('ui://b/app.html');
    expect(uiResourceUriOf(tool({ ui: { resourceUri: 'https://evil.test/app.html' } }))).toBeUndefined();
    expect(uiResourceUriOf(tool(undefined))).toBeUndefined();
  });

  it('a tool whose visibility leaves out the model is for its app only', () => {
    expect(isAppOnlyTool(tool({ ui: { visibility: ['app'] } }))).toBe(true);
    expect(isAppOnlyTool(tool({ ui: { visibility: ['model', 'app'] } }))).toBe(false);
    expect(isAppOnlyTool(tool({ ui: {} }))).toBe(false);
  });
});
