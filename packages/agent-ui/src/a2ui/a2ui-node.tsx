'use client';
import type { ComponentType } from 'react';
import { hasEntry } from '../message-content/own-entry.js';
import { A2UIPlaceholder } from './a2ui-placeholder.js';
import type { RenderNode } from './render-tree.js';
import { useSurface } from './surface-context.js';

/** A drawn component: its tree node (component, scope, child slots). */
export type ComponentNode = Extract<RenderNode, { kind: 'component' }>;
/** Draws one component type with antd. */
export type NodeRenderer = ComponentType<{ node: ComponentNode }>;

/** One node of the tree: its antd component, or a placeholder. */
export function A2UINode({ node }: { node: RenderNode }) {
  const { renderers } = useSurface();
  if (node.kind === 'placeholder') return <A2UIPlaceholder reason={node.reason} detail={node.detail} />;
  const Renderer = hasEntry(renderers, node.component.component) ? renderers[node.component.component] : undefined;
  if (!Renderer) return <A2UIPlaceholder reason="unknown-type" detail={node.component.component} />;
  return <Renderer node={node} />;
}

/** The nodes of one slot, in order. */
export function Slot({ nodes }: { nodes: RenderNode[] | undefined }) {
  return <>{nodes?.map((child) => <A2UINode key={child.key} node={child} />)}</>;
}
