/**
 * `@x/agent-protocol/mcp-apps`: MCP Apps on the wire — the app reference a tool result carries, the
 * resource and call routes' bodies and answers, their schemas and paths.
 */
export * from './mcp-apps.js';
export * from './mcp-app-schemas.js';
