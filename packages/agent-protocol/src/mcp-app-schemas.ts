import { z } from 'zod';
import type { McpAppCallRequest, McpAppResourceRequest } from './mcp-apps.js';

const name = z.string().min(1).max(256);

/** Schema of the `POST …/mcp-apps/resource` body. */
export const mcpAppResourceRequestSchema: z.ZodType<McpAppResourceRequest> = z.strictObject({
  conversationId: z.string().min(1).max(256).optional(),
  server: name,
  uri: z.string().startsWith('ui://').max(2048),
});

/** Schema of the `POST …/mcp-apps/call` body. */
export const mcpAppCallRequestSchema: z.ZodType<McpAppCallRequest> = z.strictObject({
  conversationId: z.string().min(1).max(256).optional(),
  server: name,
  name,
  arguments: z.record(z.string(), z.unknown()).optional(),
  approval: z.string().min(1).max(4096).optional(),
});
