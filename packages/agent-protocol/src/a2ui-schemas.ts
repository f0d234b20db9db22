import { z } from 'zod';
import type { A2UIServerMessage, A2UISurfaceData, A2UIUserAction } from './a2ui.js';

/** At most this many messages in one `data-a2ui` part, and components in one `updateComponents`. */
export const A2UI_MAX_MESSAGES = 500;
export const A2UI_MAX_COMPONENTS = 2_000;

const surfaceId = z.string().min(1).max(200);
const version = { version: z.literal('v0.9').optional() };
const component = z.looseObject({ id: z.string().min(1).max(200), component: z.string().min(1).max(100) });

/** Schema of one A2UI v0.9 server-to-client message (component properties are checked when rendered). */
export const a2uiServerMessageSchema: z.ZodType<A2UIServerMessage> = z.union([
  z.object({
    ...version,
    createSurface: z.object({
      surfaceId,
      catalogId: z.string().max(500),
      theme: z.record(z.string(), z.unknown()).optional(),
      sendDataModel: z.boolean().optional(),
    }),
  }),
  z.object({ ...version, updateComponents: z.object({ surfaceId, components: z.array(component).max(A2UI_MAX_COMPONENTS) }) }),
  z.object({ ...version, updateDataModel: z.object({ surfaceId, path: z.string().max(1_000).optional(), value: z.unknown().optional() }) }),
  z.object({ ...version, deleteSurface: z.object({ surfaceId }) }),
]) as z.ZodType<A2UIServerMessage>;

/** Schema of `data-a2ui` data. */
export const a2uiSurfaceDataSchema: z.ZodType<A2UISurfaceData> = z.object({
  surfaceId,
  messages: z.array(a2uiServerMessageSchema).max(A2UI_MAX_MESSAGES),
});

/** Schema of `data-a2ui-action` data. */
export const a2uiUserActionSchema: z.ZodType<A2UIUserAction> = z.object({
  name: z.string().min(1).max(200),
  surfaceId,
  sourceComponentId: z.string().max(200),
  timestamp: z.string().max(100),
  context: z.record(z.string(), z.unknown()),
  dataModel: z.unknown().optional(),
});
