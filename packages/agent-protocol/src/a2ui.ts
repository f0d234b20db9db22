// A2UI (Agent to UI, https://a2ui.org) v0.9 on our wire. Zod-free on purpose (client bundles import
// these names and guards); the schemas are in a2ui-schemas.ts.

/** The A2UI protocol version the kit speaks (the currently published spec, `specification/v0_9`). */
export const A2UI_VERSION = 'v0.9' as const;
/** The v0.9 basic catalog id (the components `A2UISurface` renders). */
export const A2UI_BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/basic_catalog.json' as const;
/** `data-a2ui`: one A2UI surface; its part id is the surface id, so later updates replace it in place. */
export const A2UI_PART = 'data-a2ui' as const;
/** `data-a2ui-action`: a user action on a surface, carried by the user turn it starts. */
export const A2UI_ACTION_PART = 'data-a2ui-action' as const;
/** Key of the container a tool returns (`{ a2ui_operations: [...] }`, as `@ag-ui/a2ui-middleware` reads it). */
export const A2UI_OPERATIONS_KEY = 'a2ui_operations' as const;
/** AG-UI `ACTIVITY_SNAPSHOT` activity type of an A2UI surface (as `@ag-ui/a2ui-middleware` emits it). */
export const A2UI_ACTIVITY_TYPE = 'a2ui-surface' as const;

/** One component of a surface: a flat object with `id`, `component` (its type) and its properties. */
export interface A2UIComponent {
  id: string;
  component: string;
  [property: string]: unknown;
}

/** `createSurface`: starts a surface (and its rendering). */
export interface A2UICreateSurface {
  surfaceId: string;
  catalogId: string;
  theme?: Record<string, unknown> | undefined;
  sendDataModel?: boolean | undefined;
}

/** `updateComponents`: adds or replaces components (by id) of a surface. */
export interface A2UIUpdateComponents {
  surfaceId: string;
  components: A2UIComponent[];
}

/** `updateDataModel`: replaces the value at `path` (JSON Pointer, default `/`); no `value` removes it. */
export interface A2UIUpdateDataModel {
  surfaceId: string;
  path?: string | undefined;
  value?: unknown;
}

/** `deleteSurface`: removes a surface. */
export interface A2UIDeleteSurface {
  surfaceId: string;
}

/** A server-to-client A2UI message: exactly one of the four operations. */
export type A2UIServerMessage = { version?: typeof A2UI_VERSION | undefined } & (
  | { createSurface: A2UICreateSurface }
  | { updateComponents: A2UIUpdateComponents }
  | { updateDataModel: A2UIUpdateDataModel }
  | { deleteSurface: A2UIDeleteSurface }
);

/** `data-a2ui` data: the messages of one surface, in order (a later part with the same id replaces it). */
export interface A2UISurfaceData {
  surfaceId: string;
  messages: A2UIServerMessage[];
}

/** A tool result that carries a surface (what `a2uiSurface()` of `@x/agent-server` returns). */
export interface A2UIToolOutput {
  [A2UI_OPERATIONS_KEY]: A2UIServerMessage[];
}

/** `data-a2ui-action` data: the A2UI v0.9 client-to-server `action`, plus the surface's data model when it asked for it. */
export interface A2UIUserAction {
  name: string;
  surfaceId: string;
  sourceComponentId: string;
  /** ISO 8601. */
  timestamp: string;
  context: Record<string, unknown>;
  /** The surface's data model, when its `createSurface` set `sendDataModel`. */
  dataModel?: unknown;
}

/** A `data-a2ui` part. */
export interface A2UIPart {
  type: typeof A2UI_PART;
  id?: string;
  data: A2UISurfaceData;
}

/** A `data-a2ui-action` part. */
export interface A2UIActionPart {
  type: typeof A2UI_ACTION_PART;
  id?: string;
  data: A2UIUserAction;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The surface id an A2UI message is about, or `undefined` for something that is not one. */
export function a2uiSurfaceIdOf(message: unknown): string | undefined {
  if (!isRecord(message)) return undefined;
  for (const key of ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const) {
    const op = message[key];
    if (isRecord(op) && typeof op.surfaceId === 'string') return op.surfaceId;
  }
  return undefined;
}

/** Narrows a message part to a well-formed `data-a2ui` part (the messages themselves are checked when rendered). */
export function isA2UIPart(part: { type: string }): part is A2UIPart {
  const data = (part as { data?: unknown }).data;
  return part.type === A2UI_PART && isRecord(data) && typeof data.surfaceId === 'string' && Array.isArray(data.messages);
}

/** Narrows a message part to a well-formed `data-a2ui-action` part. */
export function isA2UIActionPart(part: { type: string }): part is A2UIActionPart {
  const data = (part as { data?: unknown }).data;
  return part.type === A2UI_ACTION_PART && isRecord(data) && typeof data.name === 'string' && typeof data.surfaceId === 'string' && isRecord(data.context);
}

/** Whether a tool result is an A2UI container (`{ a2ui_operations: [...] }`). */
export function isA2UIToolOutput(value: unknown): value is A2UIToolOutput {
  return isRecord(value) && Array.isArray(value[A2UI_OPERATIONS_KEY]);
}

/**
 * The surfaces of an A2UI container, one `data-a2ui` data per surface id, in order of appearance
 * (messages that name no surface are dropped).
 */
export function a2uiSurfacesOf(messages: readonly unknown[]): A2UISurfaceData[] {
  const bySurface = new Map<string, A2UIServerMessage[]>();
  for (const message of messages) {
    const surfaceId = a2uiSurfaceIdOf(message);
    if (surfaceId === undefined) continue;
    const list = bySurface.get(surfaceId) ?? [];
    list.push(message as A2UIServerMessage);
    bySurface.set(surfaceId, list);
  }
  return [...bySurface].map(([surfaceId, list]) => ({ surfaceId, messages: list }));
}

/**
 * What the model reads of a user action (the text `@ag-ui/a2ui-middleware` gives agents too):
 * `User performed action "name" on surface "id" (component: c). Context: {...}`.
 */
export function a2uiActionText(action: A2UIUserAction): string {
  let text = `User performed action "${action.name}" on surface "${action.surfaceId}"`;
  if (action.sourceComponentId) text += ` (component: ${action.sourceComponentId})`;
  text += `. Context: ${JSON.stringify(action.context)}`;
  if (action.dataModel !== undefined) text += `. Data model: ${JSON.stringify(action.dataModel)}`;
  return text;
}
