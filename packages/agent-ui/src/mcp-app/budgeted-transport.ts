import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import type { MessageBudget } from './message-budget.js';
import { withinSize } from './message-budget.js';

/** Options of {@link BudgetedPostMessageTransport}. */
export interface BudgetedTransportOptions {
  /** The app frame's window: the only source listened to, and where answers are posted. */
  frame: Window;
  budget: MessageBudget;
  /** Largest message handed on (see `withinSize`). */
  maxMessageSize: number;
  /** The app stayed over budget: the transport has stopped listening; the host tears the app down. */
  onFlood: () => void;
}

/**
 * ext-apps' `PostMessageTransport` with a message budget in front: for each `message` event of the
 * page, the cheap checks run first — the source (another frame's messages cost one comparison), the
 * app's budget (O(1)), the size (bounded by the limit) — and only a message that passes them is
 * parsed as JSON-RPC and handed to the bridge. Nothing is logged per message. An app that floods is
 * cut off at once: the listener is removed and `onFlood` called.
 */
export class BudgetedPostMessageTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private listening = false;

  constructor(private readonly options: BudgetedTransportOptions) {}

  private readonly listener = (event: MessageEvent) => {
    if (event.source !== this.options.frame) return;
    const verdict = this.options.budget.take();
    if (verdict === 'drop') return;
    if (verdict === 'flood') {
      this.stop();
      this.options.onFlood();
      return;
    }
    if (!withinSize(event.data, this.options.maxMessageSize)) return;
    const parsed = JSONRPCMessageSchema.safeParse(event.data);
    if (parsed.success) this.onmessage?.(parsed.data);
    else if ((event.data as { jsonrpc?: unknown } | null)?.jsonrpc === '2.0') this.onerror?.(new Error('Invalid JSON-RPC message from the app.'));
  };

  start(): Promise<void> {
    if (!this.listening) globalThis.addEventListener('message', this.listener);
    this.listening = true;
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.options.frame.postMessage(message, '*');
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.stop();
    this.onclose?.();
    return Promise.resolve();
  }

  private stop() {
    globalThis.removeEventListener('message', this.listener);
    this.listening = false;
  }
}
