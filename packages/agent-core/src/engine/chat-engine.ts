import type { AbstractChat, ChatInit, ChatRequestOptions, ChatState, ChatStatus, ChatTransport, FileUIPart, UIMessage, UIMessageChunk } from 'ai';
import { isDisconnectError } from '../errors.js';
import { SerialJobs } from './serial-jobs.js';
import { isToolUIPart } from './tool-parts.js';
import { createStreamingUIMessageState, processUIMessageStream, type StreamingUIMessageState } from './ui-message-stream.js';

/**
 * What the engine is made with: the `ai` package's `ChatInit` (without schemas and messages), the
 * state it writes to and its transport (required: there is no default, e.g. an `AgentChatTransport`).
 */
export type ChatEngineInit<MESSAGE extends UIMessage> = Omit<ChatInit<MESSAGE>, 'messages' | 'messageMetadataSchema' | 'dataPartSchemas' | 'transport'> & {
  state: ChatState<MESSAGE>;
  transport: ChatTransport<MESSAGE>;
};

type Trigger = 'submit-message' | 'regenerate-message' | 'resume-stream';
type RequestOptions = ChatRequestOptions & { trigger: Trigger; messageId?: string | undefined };

interface ActiveResponse<MESSAGE extends UIMessage> {
  state: StreamingUIMessageState<MESSAGE>;
  abortController: AbortController;
  completion: Promise<void>;
}

interface ActiveResume {
  abortController: AbortController;
  completion: Promise<void>;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A 16-character random id (the `ai` package's default message id; not a secret). */
export function generateId(): string {
  let id = '';
  for (let i = 0; i < 16; i++) id += ALPHABET[(Math.random() * ALPHABET.length) | 0];
  return id;
}

async function filesToParts(files: FileList | FileUIPart[] | undefined): Promise<FileUIPart[]> {
  if (files == null) return [];
  if (Array.isArray(files)) return files;
  if (!globalThis.FileList || !(files instanceof globalThis.FileList)) throw new TypeError('FileList is not supported in the current environment');
  return Promise.all(
    Array.from(files).map(
      (file) =>
        new Promise<FileUIPart>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve({ type: 'file', mediaType: file.type, filename: file.name, url: reader.result as string });
          reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
          reader.readAsDataURL(file);
        }),
    ),
  );
}

/** Reads a stream to its end; an abort cancels it. */
async function drain(stream: ReadableStream<unknown>, signal: AbortSignal): Promise<void> {
  const reader = stream.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  try {
    while (!(await reader.read()).done) {
      /* the transform does the work */
    }
  } finally {
    signal.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

const waitsOnClient = (part: UIMessage['parts'][number]): boolean =>
  isToolUIPart(part) && !part.providerExecuted && (part.state === 'input-streaming' || part.state === 'input-available');

/**
 * The chat's state machine, with the behaviour of the `ai` package's `AbstractChat` (the public
 * methods, their order of effects and the queue, tool outputs, approvals and automatic
 * continuation) and none of its runtime: the kit's own stream applier and no schema library, so a
 * page with a chat loads no `zod`. It writes to a {@link ChatState}; the transport is any
 * `ChatTransport` of the `ai` package's interface.
 */
export class ChatEngine<MESSAGE extends UIMessage> {
  #id: string | undefined;
  /** Makes message ids (default: 16 random characters). */
  readonly generateId: () => string;
  /** What the engine writes to: messages, status, error, queue. */
  protected readonly state: ChatState<MESSAGE>;
  readonly #transport: ChatTransport<MESSAGE> & { resumeStreamIsReplay?: boolean; close?: () => void };
  readonly #init: ChatEngineInit<MESSAGE>;
  readonly #queueEnabled: boolean;
  #queueFallback: MESSAGE[] = [];
  readonly #queueOptions = new Map<string, ChatRequestOptions | undefined>();
  #queuePaused = false;
  readonly #pendingDecisions: number[] = [];
  #deferredApprovalSend: { options: ChatRequestOptions | undefined } | undefined;
  readonly #preparations = new Set<AbortController>();
  #pendingApprovalMessageId: string | undefined;
  readonly #interrupted = new Set<string>();
  #active: ActiveResponse<MESSAGE> | undefined;
  #activeResume: ActiveResume | undefined;
  #resumable: StreamingUIMessageState<MESSAGE> | undefined;
  readonly #jobs = new SerialJobs();
  #stopping = 0;
  #stopGeneration = 0;

  constructor(init: ChatEngineInit<MESSAGE>) {
    this.#init = init;
    this.#id = init.id;
    this.generateId = init.generateId ?? generateId;
    this.state = init.state;
    this.#transport = init.transport;
    this.#queueEnabled = init.experimental_queue ?? false;
  }

  /** The chat's id (sent as `chatId`); generated on first read when none was given. */
  get id(): string {
    return (this.#id ??= this.generateId());
  }

  /** `submitted` (waiting for the reply), `streaming`, `ready` or `error`. */
  get status(): ChatStatus {
    return this.state.status;
  }

  /** The error of the last request, while `status` is `error`. */
  get error(): Error | undefined {
    return this.state.error;
  }

  /** The transcript (a new array on every change). Setting it replaces the transcript. */
  get messages(): MESSAGE[] {
    return this.state.messages;
  }

  set messages(messages: MESSAGE[]) {
    this.state.messages = messages;
  }

  /** The newest message. */
  get lastMessage(): MESSAGE | undefined {
    return this.state.messages[this.state.messages.length - 1];
  }

  /** Messages waiting to be sent (with `experimental_queue`), in sending order. */
  get experimental_queuedMessages(): MESSAGE[] {
    return this.state.experimental_queuedMessages ?? this.#queueFallback;
  }

  /** Sets the status and the error (only the error when the status is unchanged). */
  protected setStatus({ status, error }: { status: ChatStatus; error?: Error | undefined }): void {
    if (this.status === status) {
      if (this.error !== error) this.state.error = error;
      return;
    }
    this.state.status = status;
    this.state.error = error;
  }

  #setQueue(queue: MESSAGE[]): void {
    if ('experimental_queuedMessages' in this.state) this.state.experimental_queuedMessages = queue;
    else this.#queueFallback = queue;
  }

  /** Takes a message out of the queue. */
  experimental_removeQueuedMessage = (id: string): void => {
    this.#queueOptions.delete(id);
    this.#setQueue(this.experimental_queuedMessages.filter((m) => m.id !== id));
  };

  /** Stops the reply in progress and sends this queued message next. */
  experimental_sendQueuedMessageNow = async (id: string): Promise<void> => {
    const message = this.experimental_queuedMessages.find((m) => m.id === id);
    if (!message) return;
    this.#setQueue([message, ...this.experimental_queuedMessages.filter((m) => m.id !== id)]);
    const generation = this.#stopGeneration + 1;
    await this.stop();
    if (generation !== this.#stopGeneration) return;
    await this.#resumeQueue(true, this.#queueOptions.get(id));
  };

  /**
   * Adds a user message (text and files, or parts) and requests the reply; with `messageId`, replaces
   * that user message and what follows it. Without a message, sends the answered approvals. With
   * `experimental_queue`, a send while a reply runs (or waits for the user) is queued.
   */
  sendMessage: AbstractChat<MESSAGE>['sendMessage'] = async (message, options) => {
    if (message == null) {
      await this.#sendApprovals(options);
      return;
    }
    let uiMessage: Partial<MESSAGE>;
    if ('text' in message || 'files' in message) {
      const preparation = new AbortController();
      this.#preparations.add(preparation);
      let files: FileUIPart[];
      try {
        files = await filesToParts(message.files);
      } finally {
        this.#preparations.delete(preparation);
      }
      if (preparation.signal.aborted) return;
      const text = 'text' in message && message.text != null ? [{ type: 'text' as const, text: message.text }] : [];
      uiMessage = { parts: [...files, ...text] } as Partial<MESSAGE>;
    } else {
      uiMessage = message as Partial<MESSAGE>;
    }
    const role = uiMessage.role ?? 'user';
    const complete = (id: string): MESSAGE => ({ ...uiMessage, id, role, metadata: message.metadata }) as MESSAGE;
    if (this.#queueEnabled && message.messageId == null && (this.#inProgress() || this.#waitingForUser() || this.experimental_queuedMessages.length > 0)) {
      const queued = complete(uiMessage.id ?? this.generateId());
      if (options != null) this.#queueOptions.set(queued.id, options);
      this.#setQueue([...this.experimental_queuedMessages, queued]);
      await this.#resumeQueue(this.#queuePaused, options);
      return;
    }
    if (message.messageId != null) {
      await this.#clearQueueForHistoryChange();
      const index = this.state.messages.findIndex((m) => m.id === message.messageId);
      if (index === -1) throw new TypeError(`message with id ${message.messageId} not found`);
      if (this.state.messages[index]!.role !== 'user') throw new TypeError(`message with id ${message.messageId} is not a user message`);
      this.state.messages = this.state.messages.slice(0, index + 1);
      this.state.replaceMessage(index, { id: message.messageId, ...uiMessage, role, metadata: message.metadata } as MESSAGE);
    } else {
      this.state.pushMessage(complete(uiMessage.id ?? this.generateId()));
    }
    this.#queuePaused = false;
    await this.#request({ trigger: 'submit-message', messageId: message.messageId, ...options });
  };

  /** `sendMessage()` without a message: sends the answered approvals of the newest reply that has some. */
  async #sendApprovals(options: ChatRequestOptions | undefined): Promise<void> {
    let messageId = this.#pendingApprovalMessageId;
    if (messageId == null) {
      messageId = this.lastMessage?.id;
      const messages = this.state.messages;
      for (let i = messages.length - 1; i >= 0; i--) {
        const candidate = messages[i]!;
        if (candidate.role === 'assistant' && candidate.parts.some((p) => isToolUIPart(p) && p.state === 'approval-responded')) {
          messageId = candidate.id;
          break;
        }
      }
    }
    const index = messageId != null && messageId === this.#pendingApprovalMessageId ? this.state.messages.findIndex((m) => m.id === messageId) : -1;
    await this.#requestForApproval(messageId, index, options);
  }

  /** Requests the reply again: the last one, or the reply (or after the user message) `messageId` names. */
  regenerate: AbstractChat<MESSAGE>['regenerate'] = async ({ messageId, ...options } = {}) => {
    await this.#clearQueueForHistoryChange();
    const index = messageId == null ? this.state.messages.length - 1 : this.state.messages.findIndex((m) => m.id === messageId);
    if (index === -1) throw new TypeError(`message ${messageId} not found`);
    this.state.messages = this.state.messages.slice(0, this.messages[index]!.role === 'assistant' ? index : index + 1);
    await this.#request({ trigger: 'regenerate-message', messageId, ...options });
  };

  /** Re-attaches to the reply the transport can resume (`reconnectToStream`); settles when there is none. */
  resumeStream = async (options: ChatRequestOptions = {}): Promise<void> => {
    await this.#request({ trigger: 'resume-stream', ...options });
  };

  /** Back to `ready` after an error. */
  clearError = (): void => {
    if (this.status !== 'error') return;
    this.state.error = undefined;
    this.setStatus({ status: 'ready' });
  };

  /** Answers a tool call's approval request; continues on its own when `sendAutomaticallyWhen` says so. */
  addToolApprovalResponse: AbstractChat<MESSAGE>['addToolApprovalResponse'] = async ({ id, approved, reason, options }) =>
    this.#jobs.run(async () => {
      const generation = this.#stopGeneration;
      const messages = this.state.messages;
      const answer = (part: MESSAGE['parts'][number]) =>
        isToolUIPart(part) && part.state === 'approval-requested' && part.approval.id === id
          ? { ...part, state: 'approval-responded' as const, approval: { ...part.approval, id, approved, reason } }
          : part;
      const index = messages.findIndex((m) => m.parts.some((p) => isToolUIPart(p) && p.state === 'approval-requested' && p.approval.id === id));
      if (index !== -1) {
        const message = messages[index]!;
        this.state.replaceMessage(index, { ...message, parts: message.parts.map(answer) });
        this.#pendingApprovalMessageId = message.id;
      }
      if (this.#active) this.#active.state.message.parts = this.#active.state.message.parts.map(answer);
      if (index !== -1 && !this.#requestRunning() && this.#init.sendAutomaticallyWhen) {
        const send = await this.#shouldSendAutomatically(messages[index]!.id);
        if (send) {
          void this.#runAutomatically(() => this.#requestForApproval(messages[index]!.id, index, options), send);
          return;
        }
      }
      void this.#settleQueue(generation);
    });

  /** Gives a tool call its output (or error); continues on its own when `sendAutomaticallyWhen` says so. */
  addToolOutput: AbstractChat<MESSAGE>['addToolOutput'] = async ({ state, toolCallId, output, errorText, options }) =>
    this.#jobs.run(async () => {
      const generation = this.#stopGeneration;
      const messages = this.state.messages;
      const answer = (part: MESSAGE['parts'][number]) => {
        if (!isToolUIPart(part) || part.toolCallId !== toolCallId) return part;
        const { approval, ...tool } = part as typeof part & { approval?: { approved?: boolean } };
        const kept = approval?.approved === true ? { approval: { ...approval, approved: approval.approved } } : {};
        return state === 'output-error'
          ? { ...tool, ...kept, state, input: part.input, output: undefined, errorText }
          : { ...tool, ...kept, state: 'output-available' as const, input: part.input, output, errorText: undefined };
      };
      const index = messages.findIndex((m) => m.parts.some((p) => isToolUIPart(p) && p.toolCallId === toolCallId));
      if (index !== -1) {
        const message = messages[index]!;
        this.state.replaceMessage(index, { ...message, parts: message.parts.map(answer) as MESSAGE['parts'] });
      }
      if (this.#active) this.#active.state.message.parts = this.#active.state.message.parts.map(answer) as MESSAGE['parts'];
      if (index !== -1 && !this.#requestRunning() && this.#init.sendAutomaticallyWhen) {
        const send = await this.#shouldSendAutomatically(messages[index]!.id);
        if (send) {
          void this.#runAutomatically(() => this.#request({ trigger: 'submit-message', messageId: messages[index]!.id, ...options }), send);
          return;
        }
      }
      void this.#settleQueue(generation);
    });

  /** The same as {@link addToolOutput} (the `ai` package's older name). */
  addToolResult: AbstractChat<MESSAGE>['addToolResult'] = (args) => this.addToolOutput(args);

  /** Aborts the request in progress (and a resume, and a message being prepared); pauses the queue. */
  stop = async (): Promise<void> => {
    this.#stopping++;
    this.#stopGeneration++;
    this.#deferredApprovalSend = undefined;
    try {
      const resume = this.#activeResume;
      const active = this.#active;
      for (const preparation of this.#preparations) preparation.abort();
      resume?.abortController.abort();
      active?.abortController.abort();
      await Promise.all([resume?.completion, active?.completion]);
      await this.#jobs.waitForIdle();
      this.#queuePaused = true;
    } finally {
      this.#stopping--;
    }
  };

  /** Stops, then closes the transport (if it can be closed). */
  dispose = async (): Promise<void> => {
    await this.stop();
    this.#transport.close?.();
  };

  #requestRunning(): boolean {
    return this.status === 'streaming' || this.status === 'submitted';
  }

  #inProgress(): boolean {
    return this.#pendingDecisions.includes(this.#stopGeneration) || this.#active != null || this.#requestRunning();
  }

  #waitingForUser(): boolean {
    const last = this.lastMessage;
    return last?.role === 'assistant' && last.parts.some((p) => (isToolUIPart(p) && (p.state === 'approval-requested' || p.state === 'approval-responded')) || waitsOnClient(p));
  }

  #hasUnsentApproval(): boolean {
    const last = this.lastMessage;
    return (
      last?.role === 'assistant' &&
      last.parts.some((p) => isToolUIPart(p) && p.state === 'approval-responded') &&
      !last.parts.some((p) => (isToolUIPart(p) && p.state === 'approval-requested') || waitsOnClient(p))
    );
  }

  async #resumeQueue(skipWaitForUser: boolean, options: ChatRequestOptions | undefined): Promise<void> {
    this.#queuePaused = false;
    if (this.#hasUnsentApproval()) {
      if (!this.#inProgress()) {
        await this.sendMessage(undefined, options);
        return;
      }
      this.#deferredApprovalSend = { options };
    }
    await this.#settleQueue(this.#stopGeneration, skipWaitForUser);
  }

  async #clearQueueForHistoryChange(): Promise<void> {
    if (!this.#queueEnabled) return;
    this.#queueOptions.clear();
    this.#setQueue([]);
    this.#deferredApprovalSend = undefined;
    if (this.#inProgress()) await this.stop();
  }

  /** Sends what waits (a deferred approval answer, else the first queued message) when nothing runs. */
  async #settleQueue(generation = this.#stopGeneration, skipWaitForUser = false): Promise<void> {
    if (this.#queuePaused || this.#inProgress() || this.#stopping > 0 || generation !== this.#stopGeneration) return;
    const deferred = this.#deferredApprovalSend;
    this.#deferredApprovalSend = undefined;
    if (deferred != null && this.#hasUnsentApproval()) {
      await this.sendMessage(undefined, deferred.options);
      return;
    }
    const [message, ...rest] = this.experimental_queuedMessages;
    if (message == null || (!skipWaitForUser && this.#waitingForUser())) return;
    const options = this.#queueOptions.get(message.id);
    this.#queueOptions.delete(message.id);
    this.#setQueue(rest);
    this.state.pushMessage(message);
    await this.#request({ trigger: 'submit-message', ...options });
  }

  async #shouldSendAutomatically(messageId = this.lastMessage?.id): Promise<boolean> {
    const interrupted = (id: string | undefined) => id != null && this.#interrupted.has(id);
    const when = this.#init.sendAutomaticallyWhen;
    if (!when || interrupted(messageId) || interrupted(this.lastMessage?.id)) return false;
    const generation = this.#stopGeneration;
    this.#pendingDecisions.push(generation);
    let result: boolean;
    try {
      result = await when({ messages: this.state.messages });
    } finally {
      this.#pendingDecisions.splice(this.#pendingDecisions.indexOf(generation), 1);
    }
    return result && !interrupted(messageId) && !interrupted(this.lastMessage?.id);
  }

  async #runAutomatically(request: () => Promise<void>, decided?: boolean): Promise<boolean> {
    const generation = this.#stopGeneration;
    const startedWhileStopping = this.#stopping > 0;
    if (!(decided ?? (await this.#shouldSendAutomatically()))) return false;
    if (startedWhileStopping || generation !== this.#stopGeneration || this.#stopping > 0) return false;
    await request();
    return true;
  }

  async #requestForApproval(messageId: string | undefined, index: number, options: ChatRequestOptions | undefined): Promise<void> {
    this.#deferredApprovalSend = undefined;
    const consumes = messageId != null && messageId === this.#pendingApprovalMessageId;
    if (consumes) this.#pendingApprovalMessageId = undefined;
    await this.#request({ trigger: 'submit-message', messageId, ...options });
    if (consumes && this.status === 'error' && this.#pendingApprovalMessageId == null) {
      this.#pendingApprovalMessageId = this.state.messages[index]?.id ?? messageId;
    }
  }

  async #request(options: RequestOptions): Promise<void> {
    let done!: () => void;
    const completion = new Promise<void>((resolve) => (done = resolve));
    try {
      await this.#requestOnce(options, completion);
    } finally {
      done();
    }
  }

  /** Opens the resumed stream of a `resume-stream` request; undefined when the request ended here. */
  async #reconnect(options: RequestOptions, resume: ActiveResume, current: () => boolean, clear: () => void): Promise<ReadableStream<UIMessageChunk> | undefined> {
    const settle = () => {
      if (current()) {
        this.setStatus({ status: 'ready' });
        this.#resumable = undefined;
      }
      clear();
    };
    try {
      const stream = await this.#transport.reconnectToStream({
        chatId: this.id,
        abortSignal: resume.abortController.signal,
        metadata: options.metadata,
        headers: options.headers,
        body: options.body,
      });
      if (resume.abortController.signal.aborted || !current()) {
        await stream?.cancel().catch(() => {});
        settle();
        return undefined;
      }
      if (stream == null) {
        this.setStatus({ status: 'ready' });
        this.#resumable = undefined;
        clear();
        return undefined;
      }
      return stream;
    } catch (error) {
      if (resume.abortController.signal.aborted || (error as Error).name === 'AbortError') {
        settle();
        return undefined;
      }
      if (!current()) return undefined;
      if (error instanceof Error) this.#init.onError?.(error);
      this.setStatus({ status: 'error', error: error as Error });
      clear();
      return undefined;
    }
  }

  async #requestOnce(options: RequestOptions, completion: Promise<void>): Promise<void> {
    const { trigger, metadata, headers, body, messageId } = options;
    if (trigger !== 'resume-stream') this.#resumable = undefined;
    const abortController = new AbortController();
    const resume: ActiveResume | undefined = trigger === 'resume-stream' ? { abortController, completion } : undefined;
    if (resume) {
      this.#activeResume?.abortController.abort();
      this.#activeResume = resume;
    }
    const current = () => resume == null || this.#activeResume === resume;
    const clearResume = () => {
      if (resume && this.#activeResume === resume) this.#activeResume = undefined;
    };
    let resumed: ReadableStream<UIMessageChunk> | undefined;
    if (resume) {
      resumed = await this.#reconnect(options, resume, current, clearResume);
      if (!resumed) return;
    }
    this.setStatus({ status: 'submitted', error: undefined });
    const messages = this.state.messages;
    const responseIndex = trigger === 'submit-message' && messageId != null ? messages.findIndex((m) => m.id === messageId) : messages.length - 1;
    const responseMessage = responseIndex === -1 ? this.lastMessage : messages[responseIndex];
    const originalId = responseMessage?.id;
    const resumable =
      trigger === 'resume-stream' &&
      responseMessage?.role === 'assistant' &&
      responseMessage.parts.some(
        (p) => isToolUIPart(p) && (p.state === 'input-streaming' || (p.state === 'input-available' && p.providerExecuted) || p.state === 'approval-responded'),
      )
        ? this.state.snapshot(responseMessage)
        : undefined;
    const usesEarlierAssistant = responseIndex !== -1 && responseIndex < messages.length - 1 && responseMessage?.role === 'assistant';
    let isAbort = false;
    let disconnected = false;
    let isError = false;
    let active: ActiveResponse<MESSAGE> | undefined;
    try {
      const response: ActiveResponse<MESSAGE> = {
        state:
          trigger === 'resume-stream' && this.#resumable != null
            ? this.#resumable
            : createStreamingUIMessageState<MESSAGE>({
                lastMessage: trigger === 'resume-stream' ? resumable : trigger === 'regenerate-message' ? undefined : this.state.snapshot(responseMessage),
                messageId: this.generateId(),
              }),
        abortController,
        completion,
      };
      active = response;
      abortController.signal.addEventListener('abort', () => (isAbort = true));
      this.#active = response;
      const stream =
        resumed ??
        (await this.#transport.sendMessages({
          chatId: this.id,
          messages: this.state.messages,
          abortSignal: abortController.signal,
          metadata,
          headers,
          body,
          trigger: trigger as 'submit-message' | 'regenerate-message',
          messageId,
        }));
      const write = () => {
        const all = this.state.messages;
        const existing = all.findLastIndex((m) => m.id === response.state.message.id);
        if (existing !== -1) return this.state.replaceMessage(existing, response.state.message);
        const original = usesEarlierAssistant ? all.findLastIndex((m) => m.id === originalId) : -1;
        if (original !== -1) this.state.replaceMessage(original, response.state.message);
        else this.state.pushMessage(response.state.message);
      };
      await drain(
        processUIMessageStream<MESSAGE>({
          stream,
          resetStateOnMessageIdChange: trigger === 'resume-stream',
          resetStateOnFirstMessageStart: trigger === 'resume-stream' && this.#transport.resumeStreamIsReplay !== false,
          onToolCall: this.#init.onToolCall,
          onData: this.#init.onData,
          runUpdateMessageJob: (job) =>
            this.#jobs.run(() => {
              if (abortController.signal.aborted) return Promise.resolve();
              return job({
                state: response.state,
                write: ({ updateStatus = true } = {}) => {
                  if (abortController.signal.aborted) return;
                  if (updateStatus) this.setStatus({ status: 'streaming' });
                  write();
                },
              });
            }),
          onError: (error) => {
            throw error;
          },
        }),
        abortController.signal,
      );
      if (current()) {
        this.setStatus({ status: 'ready' });
        if (this.#resumable === response.state) this.#resumable = undefined;
      }
      if (isAbort) return;
    } catch (error) {
      if (isAbort || (error as Error).name === 'AbortError') {
        isAbort = true;
        if (current()) {
          this.setStatus({ status: 'ready' });
          if (this.#resumable === active?.state) this.#resumable = undefined;
        }
        return;
      }
      if (!current()) return;
      isError = true;
      disconnected = isDisconnectError(error);
      if (disconnected) this.#resumable = active?.state;
      else if (this.#resumable === active?.state) this.#resumable = undefined;
      if (error instanceof Error) this.#init.onError?.(error);
      this.setStatus({ status: 'error', error: error as Error });
    } finally {
      try {
        if (active) {
          const { message, finishReason } = active.state;
          if (finishReason === 'interrupted') this.#interrupted.add(message.id);
          else if (!isAbort && !isError) this.#interrupted.delete(message.id);
          this.#init.onFinish?.({ message, messages: this.state.messages, isAbort, isDisconnect: disconnected, isError, finishReason });
        }
      } finally {
        if (isAbort || isError || active?.state.finishReason === 'interrupted') this.#queuePaused = true;
        if (this.#active === active) this.#active = undefined;
        clearResume();
      }
    }
    if (isAbort || isError || active?.state.finishReason === 'interrupted') return;
    const generation = this.#stopGeneration;
    const sent = await this.#runAutomatically(() => this.#request({ trigger: 'submit-message', messageId: this.lastMessage?.id, metadata, headers, body }));
    if (!sent) await this.#settleQueue(generation);
  }
}
