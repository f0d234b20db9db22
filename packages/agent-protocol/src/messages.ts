import type { UIMessage, UITools } from 'ai';
import type { AgentDataTypes } from './data-parts.js';
import type { UpdatePageStateInput, UpdatePageStateOutput } from './page-state.js';

/** Metadata the server attaches to assistant messages. */
export interface AgentMessageMetadata {
  /** Epoch ms when the message started streaming. */
  createdAt?: number;
  agentId?: string;
  conversationId?: string;
  finishReason?: string;
  [key: string]: unknown;
}

/**
 * The platform tools as `UIMessage` tool types. A type alias, not an interface: aliases get an
 * implicit index signature, so `TOOLS & PlatformUITools` still satisfies `UITools` and the AI SDK
 * can infer the tools back (`addToolOutput` then checks each tool's output).
 */
export type PlatformUITools = {
  'update-page-state': { input: UpdatePageStateInput; output: UpdatePageStateOutput };
};

/**
 * The tools of a transcript: untyped (`UITools`) by default; when the app passes its tool types,
 * those plus the platform tools — without an index signature, so `part.type === 'tool-weather'`
 * narrows `input` and `output`.
 */
export type AgentUITools<TOOLS extends UITools = UITools> = string extends keyof TOOLS ? TOOLS : TOOLS & PlatformUITools;

/**
 * A UI message of the kit: the protocol's data parts (and the app's own), typed tools when
 * the app passes its own (`AgentUIMessage<{ weather: { input: { city: string }; output: { tempF: number } } }>`).
 */
export type AgentUIMessage<TOOLS extends UITools = UITools, METADATA = AgentMessageMetadata> = UIMessage<
  METADATA,
  AgentDataTypes,
  AgentUITools<TOOLS>
>;

export type AgentUIMessagePart<TOOLS extends UITools = UITools> = AgentUIMessage<TOOLS>['parts'][number];
