import { A2UI_BASIC_CATALOG_ID, A2UI_OPERATIONS_KEY, A2UI_PART, A2UI_VERSION, type A2UIComponent, type A2UIPart, type A2UIServerMessage, type A2UIToolOutput } from '@x/agent-protocol/a2ui';

/** A whole A2UI surface at once: what {@link a2uiSurface} turns into messages. */
export interface A2UISurfaceInput {
  surfaceId: string;
  /** The flat component list; one must have the id `root`. */
  components: A2UIComponent[];
  /** The initial data model (sent as one `updateDataModel` of `/`). */
  data?: Record<string, unknown> | undefined;
  /** Default: the v0.9 basic catalog (what `A2UISurface` renders). */
  catalogId?: string | undefined;
  theme?: Record<string, unknown> | undefined;
  /** Ask the client to send the surface's data model with every action. */
  sendDataModel?: boolean | undefined;
}

/** The A2UI v0.9 messages that create a surface: `createSurface`, `updateComponents`, then `updateDataModel` when `data` is given. */
export function a2uiMessages(input: A2UISurfaceInput): A2UIServerMessage[] {
  const { surfaceId } = input;
  const messages: A2UIServerMessage[] = [
    {
      version: A2UI_VERSION,
      createSurface: {
        surfaceId,
        catalogId: input.catalogId ?? A2UI_BASIC_CATALOG_ID,
        ...(input.theme ? { theme: input.theme } : {}),
        ...(input.sendDataModel ? { sendDataModel: true } : {}),
      },
    },
    { version: A2UI_VERSION, updateComponents: { surfaceId, components: input.components } },
  ];
  if (input.data !== undefined) messages.push({ version: A2UI_VERSION, updateDataModel: { surfaceId, path: '/', value: input.data } });
  return messages;
}

/**
 * A tool result that shows a surface: return it from a tool's `execute`. The chat renders the
 * surface in place of the tool's card (`@x/agent-ui`), the AG-UI route sends it as the
 * `@ag-ui/a2ui-middleware` activity, and the model sees the JSON.
 */
export function a2uiSurface(input: A2UISurfaceInput): A2UIToolOutput {
  return { [A2UI_OPERATIONS_KEY]: a2uiMessages(input) };
}

/** A `data-a2ui` part of a surface (e.g. for a hook's `dataParts`); its id is the surface id. */
export function a2uiSurfacePart(input: A2UISurfaceInput): A2UIPart {
  return { type: A2UI_PART, id: input.surfaceId, data: { surfaceId: input.surfaceId, messages: a2uiMessages(input) } };
}
