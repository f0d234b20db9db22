'use client';
import { Chat, useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type ChatStatus } from 'ai';
import { DEFAULT_BASE_PATH, type AgentUIMessage } from '@x/agent-protocol';
import { useEffect, useState } from 'react';

export interface UseAgentChatOptions {
  /** Id of the agent in the server config: requests go to `{api}/{agentId}`. */
  agentId: string;
  /** Route prefix (default `/api/agent`). */
  api?: string;
  /** Conversation the transcript belongs to; a new one starts a new chat. */
  conversationId?: string;
  /** History to load. */
  messages?: AgentUIMessage[];
  /** Extra request headers, read at send time. */
  headers?: Record<string, string>;
  /** fetch used by the transport (tests, proxies, auth wrappers). */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds between UI updates while streaming (default 16: about one per frame). */
  throttle?: number;
}

export interface AgentChat {
  messages: AgentUIMessage[];
  status: ChatStatus;
  error: Error | undefined;
  sendMessage: (message: { text: string }) => Promise<void>;
  stop: () => Promise<void>;
  regenerate: () => Promise<void>;
  clearError: () => void;
  /** The underlying AI SDK chat. */
  chat: Chat<AgentUIMessage>;
}

/**
 * Holds the latest options (read at send time, so the transport is never rebuilt per render) and
 * one Chat per (api, agentId, conversationId).
 */
class ChatController {
  options: UseAgentChatOptions;
  private key = '';
  private current: Chat<AgentUIMessage> | undefined;

  constructor(options: UseAgentChatOptions) {
    this.options = options;
  }

  /** Called after every render: later sends read these options. */
  update(options: UseAgentChatOptions): void {
    this.options = options;
  }

  chatFor(options: UseAgentChatOptions): Chat<AgentUIMessage> {
    const api = (options.api ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
    const key = JSON.stringify([api, options.agentId, options.conversationId ?? null]);
    if (this.current && key === this.key) return this.current;
    this.key = key;
    const conversationId = options.conversationId;
    this.current = new Chat<AgentUIMessage>({
      ...(conversationId ? { id: conversationId } : {}),
      messages: options.messages ?? [],
      transport: new DefaultChatTransport<AgentUIMessage>({
        api: `${api}/${encodeURIComponent(options.agentId)}`,
        headers: () => this.options.headers ?? {},
        fetch: (input, init) => (this.options.fetch ?? globalThis.fetch)(input, init),
        prepareSendMessagesRequest: ({ id, messages, trigger, messageId, body }) => ({
          body: { ...body, id, messages, trigger, messageId, ...(conversationId ? { conversationId } : {}) },
        }),
      }),
    });
    return this.current;
  }
}

/** A chat with one agent of an `@x/agent-server` route. */
export function useAgentChat(options: UseAgentChatOptions): AgentChat {
  const [controller] = useState(() => new ChatController(options));
  useEffect(() => controller.update(options));
  const chat = controller.chatFor(options);
  const result = useChat<AgentUIMessage>({ chat, throttle: options.throttle ?? 16 });
  return {
    messages: result.messages,
    status: result.status,
    error: result.error,
    sendMessage: (message) => result.sendMessage(message),
    stop: result.stop,
    regenerate: () => result.regenerate(),
    clearError: result.clearError,
    chat,
  };
}
