import type { AgentRequestBody } from '@x/agent-protocol';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import type { AgentRequestOptions } from './endpoints.js';
import { loadOnDemand, type OnDemandCode } from './load-on-demand.js';
import { RunCursor } from './run-cursor.js';

type SendOptions<MESSAGE extends UIMessage> = Parameters<ChatTransport<MESSAGE>['sendMessages']>[0];
type ReconnectOptions<MESSAGE extends UIMessage> = Parameters<ChatTransport<MESSAGE>['reconnectToStream']>[0];

/**
 * The chat's transport, whose code (the request building and the stream decoder, see
 * `AgentChatTransport`) loads on first use or on {@link preload}: a chat shows its transcript and
 * composer without it, and every `ChatTransport` call is asynchronous anyway. The run cursor lives
 * here, so the session reads it from the first render on. A chunk that fails to load fails that
 * request (the chat shows the error) and the next request tries again.
 */
export class LazyAgentTransport<MESSAGE extends UIMessage> implements ChatTransport<MESSAGE> {
  readonly run = new RunCursor();
  /** A reconnect continues after the last processed event: the resumed chunks are not a replay. */
  readonly resumeStreamIsReplay = false;
  readonly #read: () => AgentRequestOptions;
  readonly #onRequest: ((body: AgentRequestBody) => void) | undefined;
  readonly #load: () => Promise<Pick<OnDemandCode, 'createAgentTransport'>>;
  #loading: Promise<ChatTransport<MESSAGE>> | undefined;

  constructor(
    read: () => AgentRequestOptions,
    onRequest?: (body: AgentRequestBody) => void,
    load: () => Promise<Pick<OnDemandCode, 'createAgentTransport'>> = loadOnDemand,
  ) {
    this.#read = read;
    this.#onRequest = onRequest;
    this.#load = load;
  }

  /** Loads the transport's code now; resolves with the transport. */
  preload(): Promise<ChatTransport<MESSAGE>> {
    return (this.#loading ??= this.#load().then(
      ({ createAgentTransport }) => createAgentTransport<MESSAGE>(this.#read, this.#onRequest, this.run),
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    ));
  }

  async sendMessages(options: SendOptions<MESSAGE>): Promise<ReadableStream<UIMessageChunk>> {
    return (await this.preload()).sendMessages(options);
  }

  async reconnectToStream(options: ReconnectOptions<MESSAGE>): Promise<ReadableStream<UIMessageChunk> | null> {
    return (await this.preload()).reconnectToStream(options);
  }
}
