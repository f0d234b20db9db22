// The render tree of a surface: the adjacency list from `root` down, with A2UI's templates expanded,
// and every hostile shape turned into a placeholder node: unknown types, missing children, cycles,
// too deep nesting and too many nodes. Pure: the React side only draws the result.
import type { A2UIComponent } from '@x/agent-protocol/a2ui';
import { getAt, resolvePointer } from './json-pointer.js';
import type { SurfaceState } from './surface-model.js';

/** Limits of one rendered surface. */
export interface RenderLimits {
  /** Component instances drawn (templates count each item). */
  maxNodes: number;
  /** Nesting depth from the root. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: RenderLimits = { maxNodes: 500, maxDepth: 24 };

/** The component types the kit draws (the v0.9 basic catalog minus the remote media players). */
export const SUPPORTED_COMPONENTS = [
  'Text',
  'Image',
  'Icon',
  'Row',
  'Column',
  'List',
  'Card',
  'Tabs',
  'Divider',
  'Modal',
  'Button',
  'CheckBox',
  'TextField',
  'DateTimeInput',
  'ChoicePicker',
  'Slider',
] as const;

const SUPPORTED = new Set<string>(SUPPORTED_COMPONENTS);

/** Why a node renders as a placeholder. */
export type PlaceholderReason = 'unknown-type' | 'missing' | 'cycle' | 'too-deep' | 'too-many';

/** One node to draw. */
export type RenderNode =
  | {
      kind: 'component';
      /** Stable React key: the component id, plus the template item index path. */
      key: string;
      component: A2UIComponent;
      /** Template scope of the node (`''` at the root, `/items/0` inside a template). */
      scope: string;
      /** Children by slot: `children`, `child`, `trigger`, `content`, `tab:0`… */
      slots: Record<string, RenderNode[]>;
    }
  | { kind: 'placeholder'; key: string; reason: PlaceholderReason; detail: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The child references of a component, by slot: ids, or a template (`{ path, componentId }`). */
function slotsOf(component: A2UIComponent): Record<string, unknown> {
  switch (component.component) {
    case 'Row':
    case 'Column':
    case 'List':
      return { children: component.children };
    case 'Card':
    case 'Button':
      return { child: component.child };
    case 'Modal':
      return { trigger: component.trigger, content: component.content };
    case 'Tabs': {
      const tabs = Array.isArray(component.tabs) ? component.tabs.slice(0, 50) : [];
      return Object.fromEntries(tabs.map((tab, i) => [`tab:${i}`, isRecord(tab) ? tab.child : undefined]));
    }
    default:
      return {};
  }
}

/**
 * The tree to draw from `root`, or `undefined` while the surface has no root (the spec buffers
 * until it arrives).
 */
export function buildRenderTree(state: SurfaceState, limits: RenderLimits = DEFAULT_LIMITS): RenderNode | undefined {
  if (!state.components.has('root')) return undefined;
  let count = 0;
  const visit = (id: unknown, scope: string, depth: number, ancestors: readonly string[], key: string): RenderNode => {
    const label = typeof id === 'string' ? id.slice(0, 80) : '?';
    if (typeof id !== 'string') return { kind: 'placeholder', key, reason: 'missing', detail: label };
    if (count >= limits.maxNodes) return { kind: 'placeholder', key, reason: 'too-many', detail: label };
    if (depth > limits.maxDepth) return { kind: 'placeholder', key, reason: 'too-deep', detail: label };
    if (ancestors.includes(id)) return { kind: 'placeholder', key, reason: 'cycle', detail: label };
    const component = state.components.get(id);
    if (!component) return { kind: 'placeholder', key, reason: 'missing', detail: label };
    count += 1;
    if (!SUPPORTED.has(component.component)) return { kind: 'placeholder', key, reason: 'unknown-type', detail: component.component.slice(0, 60) };
    const path = [...ancestors, id];
    const slots: Record<string, RenderNode[]> = {};
    for (const [slot, ref] of Object.entries(slotsOf(component))) {
      const nodes: RenderNode[] = [];
      for (const [childId, childScope, suffix] of childrenOf(ref, scope)) {
        const child = visit(childId, childScope, depth + 1, path, `${key}/${slot}/${String(childId)}${suffix}`);
        nodes.push(child);
        // One "too many" placeholder stands for the rest of the slot.
        if (child.kind === 'placeholder' && child.reason === 'too-many') break;
      }
      slots[slot] = nodes;
    }
    return { kind: 'component', key, component, scope, slots };
  };
  // A slot lists no more children than the tree has nodes left (plus one, which becomes the "too
  // many" placeholder): a template over a huge data list, or a huge children array, costs no more
  // than the nodes that will be drawn.
  const childrenOf = (ref: unknown, scope: string): [unknown, string, string][] => {
    const room = Math.max(0, limits.maxNodes - count) + 1;
    if (ref === undefined) return [];
    if (typeof ref === 'string') return [[ref, scope, '']];
    if (Array.isArray(ref)) return ref.slice(0, room).map((childId, i) => [childId, scope, `#${i}`]);
    if (isRecord(ref) && typeof ref.componentId === 'string') {
      const pointer = resolvePointer(ref.path, scope);
      const items = pointer === undefined ? undefined : getAt(state.dataModel, pointer);
      if (!Array.isArray(items)) return [];
      return items.slice(0, room).map((_, i) => [ref.componentId, `${pointer}/${i}`, `@${i}`]);
    }
    return [[undefined, scope, '']];
  };
  return visit('root', '', 0, [], 'root');
}
