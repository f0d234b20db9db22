import type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-protocol';
import type { Resolvable, UseAgentChatOptions } from '@x/agent-react';
import type { ComponentType, ReactNode } from 'react';
import type { ComposerDictationOptions } from '../composer/dictation-options.js';
import type { ComposerAttachmentOptions } from '../composer/attachment-options.js';
import type { ToolCallView } from '../tools/tool-parts.js';

/**
 * Where the chat's server is, as `AgentChat` knows it (its `api`, `agentId` and `chatOptions`'
 * `headers`, `credentials`, `fetch`): a plug-in that calls a route of the server (uploads,
 * transcription, MCP Apps) defaults to it.
 */
export interface AgentChatConnection {
  api?: string | URL;
  agentId: string;
  headers?: Resolvable<Record<string, string> | Headers | undefined>;
  credentials?: RequestCredentials;
  fetch?: typeof globalThis.fetch;
}

/** What a plug-in adds to the message parts (A2UI surfaces, MCP Apps). */
export interface AgentChatPartsPlugin {
  /** Shows a tool call's result itself, instead of the tool card (`undefined`: the card shows). */
  toolResult?: (call: ToolCallView, messageId: string) => ReactNode | undefined;
  /** Shown under a tool call's card (`undefined`: nothing). */
  afterToolCall?: (part: AgentUIMessagePart, toolCallId: string) => ReactNode | undefined;
  /** Keeps a tool call on a card of its own (not collapsed into a group of calls). */
  ownCard?: (part: AgentUIMessagePart) => boolean;
  /** Renders data parts by name (without `data-`), unless the chat's `dataRenderers` has that name. */
  dataParts?: Readonly<Record<string, (data: unknown, message: AgentUIMessage, key: string) => ReactNode>>;
}

/**
 * An optional feature of the chat (README "Plug-ins"): `AgentChat`'s `plugins` (or
 * `AgentChatProvider`'s) takes the ones a page uses, each from its own entry
 * (`@x/agent-ui/plugins/queue`, …), so a page pays only for those. Build them with their factory
 * (`queue()`, `attachments({ upload: true })`, …); a plug-in is a plain description, read once per
 * change of its options.
 */
export interface AgentChatPlugin {
  /** The feature's name; a later plug-in of the same name replaces an earlier one. */
  readonly name: string;
  /** The factory's options: the chat re-reads the plug-in when they change (compared field by field). */
  readonly options?: unknown;
  /** Options of `useAgentChat` the feature needs (the queue, resumable runs, live events). */
  readonly chatOptions?: Readonly<Pick<UseAgentChatOptions, 'queue' | 'resume' | 'live'>>;
  /** The composer's attachments or dictation, given the chat's server. */
  readonly composer?: (connection: AgentChatConnection) => Readonly<{ attachments?: ComposerAttachmentOptions; dictation?: ComposerDictationOptions }>;
  /** Shown between the transcript and the composer (the send queue). */
  readonly AboveComposer?: ComponentType;
  /** Shown before a message's actions (the branch switcher); renders nothing when it has nothing to show. */
  readonly MessageFooter?: ComponentType<{ messageId: string }>;
  /** What it adds to the message parts. */
  readonly parts?: AgentChatPartsPlugin | ((connection: AgentChatConnection) => AgentChatPartsPlugin);
}
