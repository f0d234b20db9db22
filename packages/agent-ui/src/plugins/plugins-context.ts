'use client';
import { createContext, useContext, useState, type ComponentType } from 'react';
import type { ComposerDictationOptions } from '../composer/dictation-options.js';
import type { ComposerAttachmentOptions } from '../composer/attachment-options.js';
import { shallowEqual } from '../chat/use-shallow-stable.js';
import type { AgentChatConnection, AgentChatPartsPlugin, AgentChatPlugin } from './plugin.js';

/** The chat's plug-ins, read for the parts below `AgentChatProvider`. */
export interface ChatPlugins {
  /** Whether the send queue is on (the queue plug-in); `undefined` without `plugins`: the composer's default (off). */
  queue: boolean | undefined;
  attachments: ComposerAttachmentOptions | undefined;
  dictation: ComposerDictationOptions | undefined;
  aboveComposer: readonly ComponentType[];
  messageFooters: readonly ComponentType<{ messageId: string }>[];
  parts: readonly AgentChatPartsPlugin[];
}

export const NO_PLUGINS: ChatPlugins = { queue: undefined, attachments: undefined, dictation: undefined, aboveComposer: [], messageFooters: [], parts: [] };

export const PluginsContext = createContext<ChatPlugins>(NO_PLUGINS);

/** The plug-ins of the nearest `AgentChatProvider` (none outside one). */
export function useChatPlugins(): ChatPlugins {
  return useContext(PluginsContext);
}

/** The plug-ins, one per name (the later wins), in their order. */
function byName(plugins: readonly AgentChatPlugin[]): AgentChatPlugin[] {
  const last = new Map<string, AgentChatPlugin>();
  for (const plugin of plugins) {
    last.delete(plugin.name);
    last.set(plugin.name, plugin);
  }
  return [...last.values()];
}

/** What the plug-ins add to the chat's parts, with the routes they call defaulted from `connection`. */
export function resolvePlugins(plugins: readonly AgentChatPlugin[] | undefined, connection: AgentChatConnection | undefined): ChatPlugins {
  // No `plugins` at all: the parts keep their defaults (no queue, as the chat has none by default).
  if (!plugins) return NO_PLUGINS;
  const list = byName(plugins);
  // Given plug-ins: the queue is on only with the queue plug-in (as `pluginChatOptions`).
  const resolved: { -readonly [K in keyof ChatPlugins]: ChatPlugins[K] } = { ...NO_PLUGINS, queue: false, aboveComposer: [], messageFooters: [], parts: [] };
  const route = connection ?? { agentId: '' };
  for (const plugin of list) {
    if (plugin.chatOptions?.queue !== undefined) resolved.queue = !!plugin.chatOptions.queue;
    const composer = plugin.composer?.(route);
    if (composer?.attachments) resolved.attachments = composer.attachments;
    if (composer?.dictation) resolved.dictation = composer.dictation;
    if (plugin.AboveComposer) (resolved.aboveComposer as ComponentType[]).push(plugin.AboveComposer);
    if (plugin.MessageFooter) (resolved.messageFooters as ComponentType<{ messageId: string }>[]).push(plugin.MessageFooter);
    if (plugin.parts) (resolved.parts as AgentChatPartsPlugin[]).push(typeof plugin.parts === 'function' ? plugin.parts(route) : plugin.parts);
  }
  return resolved;
}

/** Two option values alike: equal, or objects whose fields are equal one level down (an inline `{ upload: { … } }` each render). */
function sameOptions(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (!Object.is(x, y) && !(typeof x === 'object' && typeof y === 'object' && shallowEqual(x, y))) return false;
  }
  return true;
}

function samePlugins(a: readonly AgentChatPlugin[] | undefined, b: readonly AgentChatPlugin[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((plugin, i) => plugin === b[i] || (plugin.name === b[i]!.name && sameOptions(plugin.options, b[i]!.options)));
}

/**
 * `plugins` with a stable identity while the same plug-ins with the same options are given: an
 * inline `plugins={[queue(), attachments({ … })]}` is new on every render.
 */
export function useStablePlugins(plugins: readonly AgentChatPlugin[] | undefined): readonly AgentChatPlugin[] | undefined {
  const [stable, setStable] = useState(plugins);
  if (!samePlugins(stable, plugins)) {
    setStable(plugins);
    return plugins;
  }
  return stable;
}
