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

/** The platform tools as `UIMessage` tool types. */
export interface PlatformUITools {
  'update-page-state': { input: UpdatePageStateInput; output: UpdatePageStateOutput };
  [name: string]: { input: unknown; output: unknown | undefined };
}

/**
 * A UI message of the kit: the protocol's data parts, typed tools when the app passes its own
 * (`AgentUIMessage<{ weather: { input: { city: string }; output: { tempF: number } } }>`).
 */
export type AgentUIMessage<TOOLS extends UITools = UITools, METADATA = AgentMessageMetadata> = UIMessage<
  METADATA,
  AgentDataTypes,
  TOOLS & PlatformUITools
>;

export type AgentUIMessagePart<TOOLS extends UITools = UITools> = AgentUIMessage<TOOLS>['parts'][number];
