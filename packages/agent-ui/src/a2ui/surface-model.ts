import { A2UI_BASIC_CATALOG_ID, a2uiSurfaceIdOf, type A2UIComponent, type A2UIServerMessage } from '@x/agent-protocol/a2ui';
import { getAt, segmentsOf, setAt } from './json-pointer.js';

/** At most this many component definitions are kept per surface (later ones are dropped). */
export const MAX_COMPONENT_DEFINITIONS = 2_000;
/** Longest component id and type kept (as the protocol's schema allows): ids make the tree's React keys. */
const MAX_ID_LENGTH = 200;
const MAX_TYPE_LENGTH = 100;

/** The state of one surface: its components by id and its data model. */
export interface SurfaceState {
  surfaceId: string;
  /** `createSurface` arrived (or an update named the surface first). */
  created: boolean;
  deleted: boolean;
  catalogId: string;
  sendDataModel: boolean;
  components: ReadonlyMap<string, A2UIComponent>;
  dataModel: unknown;
}

/** An empty surface. */
export function emptySurface(surfaceId: string): SurfaceState {
  return { surfaceId, created: false, deleted: false, catalogId: A2UI_BASIC_CATALOG_ID, sendDataModel: false, components: new Map(), dataModel: {} };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The surface after one message. Messages for another surface, unknown operations and malformed
 * ones change nothing (an agent's bad output never throws here).
 */
export function applyMessage(state: SurfaceState, message: A2UIServerMessage | unknown): SurfaceState {
  if (!isRecord(message) || a2uiSurfaceIdOf(message) !== state.surfaceId) return state;
  if (isRecord(message.createSurface)) {
    const op = message.createSurface;
    return {
      ...emptySurface(state.surfaceId),
      created: true,
      catalogId: typeof op.catalogId === 'string' ? op.catalogId : A2UI_BASIC_CATALOG_ID,
      sendDataModel: op.sendDataModel === true,
    };
  }
  if (isRecord(message.deleteSurface)) return { ...emptySurface(state.surfaceId), deleted: true };
  if (isRecord(message.updateComponents)) {
    const list = message.updateComponents.components;
    if (!Array.isArray(list)) return state;
    const components = new Map(state.components);
    for (const component of list) {
      if (!isRecord(component) || typeof component.id !== 'string' || typeof component.component !== 'string') continue;
      if (component.id.length > MAX_ID_LENGTH || component.component.length > MAX_TYPE_LENGTH) continue;
      if (!components.has(component.id) && components.size >= MAX_COMPONENT_DEFINITIONS) continue;
      components.set(component.id, component as A2UIComponent);
    }
    return { ...state, created: true, deleted: false, components };
  }
  if (isRecord(message.updateDataModel)) {
    const op = message.updateDataModel;
    const path = op.path === undefined ? '/' : op.path;
    if (typeof path !== 'string' || !segmentsOf(path)) return state;
    return { ...state, created: true, deleted: false, dataModel: setAt(state.dataModel, path, op.value) };
  }
  return state;
}

/** The surface after every message, in order. */
export function applyMessages(state: SurfaceState, messages: readonly unknown[]): SurfaceState {
  return messages.reduce<SurfaceState>((s, m) => applyMessage(s, m), state);
}

/** The surface with the user's input written at an absolute pointer (two-way binding). */
export function writeData(state: SurfaceState, pointer: string, value: unknown): SurfaceState {
  return { ...state, dataModel: setAt(state.dataModel, pointer, value) };
}

export { getAt };
