'use client';
import type { A2UIComponent } from '@x/agent-protocol/a2ui';
import { createContext, useContext, type ComponentType } from 'react';
import type { RenderNode } from './render-tree.js';
import type { Scope } from './dynamic-values.js';
import type { A2UIStrings } from './a2ui-strings.js';
import type { SurfaceState } from './surface-model.js';

/** What every node of a surface reads: its state and the surface's commands. */
export interface SurfaceContextValue {
  state: SurfaceState;
  /** Writes the user's input at an absolute pointer of the data model. */
  write: (pointer: string, value: unknown) => void;
  /** Runs a component's `action` (an event for the agent, or a local `openUrl`). */
  act: (component: A2UIComponent, scope: string) => void;
  /** The surface no longer takes input (an action was sent, or the host disabled it). */
  disabled: boolean;
  strings: A2UIStrings;
  /** Heading outline: the heading variants the surface uses (ranks, ascending) start at the host's `level`, one level each. */
  headings: { ranks: readonly number[]; level: number };
  /** The antd renderer of each component type. */
  renderers: Readonly<Record<string, ComponentType<{ node: Extract<RenderNode, { kind: 'component' }> }>>>;
}

export const SurfaceContext = createContext<SurfaceContextValue | null>(null);

/** The surface of a node (only rendered inside `A2UISurface`). */
export function useSurface(): SurfaceContextValue {
  const value = useContext(SurfaceContext);
  if (!value) throw new Error('A2UI components render only inside <A2UISurface>.');
  return value;
}

/** The data scope of a node in its surface. */
export function useScope(base: string): Scope {
  return { model: useSurface().state.dataModel, base };
}
