'use client';
import { FocusRingStyle } from '../a11y/focus-ring.js';
import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type DragEvent, type RefObject } from 'react';
import { useAgentBusy, useAgentChatSelector, type AgentChatSnapshot, type OutgoingMessage } from '@x/agent-react';
import { ApprovalContext, ChatContext, type ChatContextValue, type ComposerHandle } from '../chat/chat-context.js';
import { missingProvider } from '../chat/missing-provider.js';
import { Sender } from '../antdx.js';
import { StopIcon } from './stop-icon.js';
import { useAgentUIConfig } from '../config.js';
import { AttachmentPreview, DictationButton, DictationStatus, OnDemandIcon } from '../lazy/on-demand.js';
import { fileMatchesAccept, readAsDataUrl } from './file-accept.js';
import { formatBytes } from '../tools/format.js';
import type { ComposerDictationOptions } from './dictation-options.js';
import { useDictation } from './use-dictation.js';
import { useChatPlugins } from '../plugins/plugins-context.js';
import type { ComposerAttachmentOptions } from './attachment-options.js';
import { useAttachmentUploads, type UploadState } from './attachment-uploads.js';
import { DEFAULT_INLINE_FILE_BYTES } from '@x/agent-protocol/routes';
import { isLongPaste, pastedTextFile, type FileUIPart, type PastedTextOptions } from '../message-content/pasted-text.js';
import { PastedTextChip } from '../message-content/pasted-text-chip.js';

export type { ComposerAttachmentOptions } from './attachment-options.js';

/** Props of {@link AgentComposer}. */
export interface AgentComposerProps {
  /** A reply is streaming: the send button becomes a stop button (default: the provider's chat status). */
  busy?: boolean;
  /**
   * Sends the message. Return `false` (or a promise of `false`) to keep the text in the composer
   * (e.g. an `onBeforeSend` check refused it). Default: the `AgentChatProvider`'s chat; without
   * one, `onSend` is required.
   */
  onSend?: (message: OutgoingMessage) => boolean | void | Promise<boolean | void>;
  /** Stops the streaming reply (default: the provider's chat). */
  onStop?: () => void;
  /**
   * While a reply streams, sending queues the message under it (the chat's `queue`) and a Stop
   * button stands beside Send (default: the provider's `plugins` — true with the `queue()` plug-in;
   * false without it, and with `onSend`).
   */
  queue?: boolean;
  /**
   * A paste of at least 2,000 characters or 40 lines (or these thresholds) becomes a "Pasted text"
   * chip with a preview, sent as a `text/plain` file part; `false`: pastes always go in the field.
   */
  pastedText?: PastedTextOptions | false;
  placeholder?: string;
  /** `enter` (default): Enter sends and Shift+Enter adds a line; `shiftEnter`: the reverse. */
  submitType?: 'enter' | 'shiftEnter';
  disabled?: boolean;
  /** Allow attachments (picker, paste and drop); `false`/absent disables them. */
  attachments?: ComposerAttachmentOptions | boolean;
  /**
   * A microphone button (README "Dictation"): the words land in the composer to edit before
   * sending. Off unless given; the recorded path needs `transcribeApi`.
   */
  dictation?: ComposerDictationOptions;
  /**
   * Take the focus once, when the composer first shows enabled (inside an `AgentChatProvider`: after
   * the server's history loaded). Default false: it is the app's choice.
   */
  autoFocus?: boolean;
  className?: string;
  style?: CSSProperties;
}

interface PendingFile {
  id: string;
  file: File;
}

/**
 * Where the browser sizes a textarea to its content (`field-sizing: content`: Chromium 123+,
 * Safari 26), the input grows by CSS up to 8 lines: no script measure (a forced layout) and no
 * ResizeObserver re-render in each keystroke's frame, as Sender's script `autoSize` does.
 * Elsewhere Sender's `autoSize` stays on. Off in server markup (hydration then switches), so server and client markup agree.
 */
const nativeAutoSizeStyles = { input: { fieldSizing: 'content', maxHeight: 'calc(8lh + 8px)', overflowY: 'auto', resize: 'none' } } satisfies { input: CSSProperties };
const noSubscription = () => () => {};
const supportsFieldSizing = () => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');
const onServer = () => false;
function useNativeAutoSize(): boolean {
  return useSyncExternalStore(noSubscription, supportsFieldSizing, onServer);
}

/**
 * Sender's own speech input, held off: the kit's dictation (a plug-in) has its own button and
 * state. Given as "controlled" so that Sender does not ask the browser for the microphone
 * permission at mount — an asynchronous `navigator.permissions.query` whose answer re-rendered the
 * whole Sender ≈ 50 ms after the chat mounted (S4's last commit), in every chat, dictation or not.
 * Sender's own speech button is never shown (the kit renders the composer's actions itself).
 */
const senderSpeechOff = { recording: false, onRecordingChange: () => {} };

const refusedStyle: CSSProperties = { color: 'var(--ant-color-error, #ff4d4f)', margin: '4px 0 0', paddingInlineStart: 0, listStyle: 'none' };
const filesStyle: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 8, padding: '8px 8px 0' };

/**
 * The composer: Ant Design X Sender with its own state (typing never re-renders the transcript),
 * named send/stop buttons, and attachments from the picker, paste and drop — files refused by
 * `accept`/`maxSize` are listed with the reason, never dropped silently.
 *
 * Inside an `AgentChatProvider` it sends to and stops the provider's chat and follows its status
 * (props override each); outside one it works from `onSend` (and `busy`, `onStop`) and throws
 * without `onSend`.
 */
export const AgentComposer = memo(function AgentComposer(props: AgentComposerProps) {
  const context = useContext(ChatContext);
  if (props.onSend) return <ComposerView {...props} onSend={props.onSend} />;
  if (!context) throw missingProvider('AgentComposer', '`onSend`');
  return <ConnectedComposer {...props} context={context} />;
});

const selectHistoryLoading = (snapshot: AgentChatSnapshot): boolean => snapshot.historyStatus === 'loading';

/** The composer on the provider's chat: its status, send and stop. */
function ConnectedComposer({ context, ...props }: AgentComposerProps & { context: ChatContextValue }) {
  const busy = useAgentBusy(context.chat);
  const approvals = useContext(ApprovalContext);
  const plugins = useChatPlugins();
  const historyLoading = useAgentChatSelector(context.chat, selectHistoryLoading);
  const awaitingApproval = (approvals?.pending.length ?? 0) > 0;
  const view = (
    <ComposerView
      {...props}
      busy={props.busy ?? busy}
      onSend={context.send}
      onStop={props.onStop ?? context.stop}
      queue={props.queue ?? plugins.queue ?? false}
      attachments={props.attachments ?? plugins.attachments}
      dictation={props.dictation ?? plugins.dictation}
      awaitingApproval={awaitingApproval}
      handleRef={context.composer}
      autoFocus={!!props.autoFocus && !historyLoading}
    />
  );
  // What plug-ins show above the composer (the queue's messages), as siblings: the chat's own gap
  // spaces them. Always this shape, so a plug-in added or removed never remounts the composer (its text).
  return (
    <>
      {plugins.aboveComposer.map((Above, i) => (
        <Above key={i} />
      ))}
      {view}
    </>
  );
}

const ComposerView = memo(function ComposerView({
  busy = false,
  onSend,
  onStop,
  queue = false,
  pastedText,
  placeholder,
  submitType = 'enter',
  disabled,
  attachments,
  dictation: dictationOptions,
  className,
  style,
  awaitingApproval = false,
  handleRef,
  autoFocus = false,
}: AgentComposerProps & { onSend: NonNullable<AgentComposerProps['onSend']>; awaitingApproval?: boolean; handleRef?: RefObject<ComposerHandle | null> }) {
  const { strings } = useAgentUIConfig();
  const [value, setValue] = useState('');
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [pasted, setPasted] = useState<{ id: string; text: string }[]>([]);
  const sending = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const focusText = useCallback(() => rootRef.current?.querySelector('textarea')?.focus(), []);
  // The text area reads in the direction of what is typed in it (Arabic in an English chat, and the
  // reverse): dir="auto" on it alone (Sender would put a `dir` prop on its whole box too).
  useLayoutEffect(() => {
    const field = rootRef.current?.querySelector('textarea');
    if (field && field.getAttribute('dir') !== 'auto') field.setAttribute('dir', 'auto');
  });
  // `autoFocus`: the text takes the focus once, when it first shows enabled.
  const autoFocused = useRef(false);
  useEffect(() => {
    if (!autoFocus || autoFocused.current || disabled) return;
    const field = rootRef.current?.querySelector('textarea');
    if (!field || field.disabled) return;
    autoFocused.current = true;
    field.focus({ preventScroll: true });
  }, [autoFocus, disabled]);
  // The provider moves the focus here when the control that had it goes away.
  useLayoutEffect(() => {
    if (!handleRef) return;
    const handle: ComposerHandle = {
      focus: focusText,
      restore: (text) => {
        setValue((current) => (current === '' ? text : current));
        focusText();
      },
    };
    handleRef.current = handle;
    return () => {
      if (handleRef.current === handle) handleRef.current = null;
    };
  }, [handleRef, focusText]);
  // Stop (the button or Escape): the Stop button turns back into Send, so the focus goes to the text.
  const stop = onStop
    ? () => {
        onStop();
        focusText();
      }
    : undefined;
  const [inserted, setInserted] = useState(0);
  const dictation = useDictation(dictationOptions, (text) => {
    setValue((current) => (current.trim() ? `${current.replace(/\s+$/, '')} ${text}` : text));
    setInserted((count) => count + 1);
    focusText();
  });
  const inputId = useId();
  const nativeAutoSize = useNativeAutoSize();
  const options: ComposerAttachmentOptions | undefined = attachments === true ? {} : attachments || undefined;
  const uploads = useAttachmentUploads(options?.upload);
  const upload = options?.upload !== undefined;
  // Inline files travel inside the message request: capped so it fits the route's body limit.
  const maxSize = options?.maxSize ?? (upload ? undefined : DEFAULT_INLINE_FILE_BYTES);

  const addFiles = useCallback(
    (incoming: readonly File[]) => {
      if (!options) return;
      const accepted: PendingFile[] = [];
      const problems: string[] = [];
      for (const file of incoming) {
        if (!fileMatchesAccept(file, options.accept)) problems.push(strings.fileTypeRefused(file.name));
        else if (maxSize !== undefined && file.size > maxSize) problems.push(strings.fileTooLarge(file.name, formatBytes(maxSize)));
        else accepted.push({ id: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`, file });
      }
      setRefused(problems);
      if (!accepted.length) return;
      const room = Math.max(0, (options.maxCount ?? 10) - files.length);
      const kept = accepted.slice(0, room);
      if (upload) kept.forEach(({ id, file }) => uploads.start(id, file));
      setFiles((current) => [...current, ...kept].slice(0, options.maxCount ?? 10));
    },
    [options?.accept, maxSize, options?.maxCount, strings, upload, uploads.start, files.length], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const submit = async (text: string) => {
    if (sending.current || (busy && !queue) || disabled) return;
    if (!text.trim() && files.length === 0 && pasted.length === 0) return;
    sending.current = true;
    try {
      let parts: FileUIPart[];
      if (upload) {
        // Sent once every upload finished; a failed one stays listed with its reason.
        const references = await uploads.settle(files.map(({ id }) => id));
        if (!references) return;
        parts = references.map((reference) => ({ type: 'file' as const, mediaType: reference.mediaType, filename: reference.filename, url: reference.url ?? '' }));
      } else {
        parts = await Promise.all(
          files.map(async ({ file }) => ({ type: 'file' as const, mediaType: file.type || 'application/octet-stream', filename: file.name, url: await readAsDataUrl(file) })),
        );
      }
      parts.push(...pasted.map((entry) => pastedTextFile(entry.text)));
      const result = await onSend(parts.length ? { text, files: parts } : { text });
      if (result === false) return;
      setValue('');
      setFiles([]);
      setPasted([]);
      setRefused([]);
      uploads.reset();
    } finally {
      sending.current = false;
    }
  };

  const onDrop = (event: DragEvent) => {
    if (!options || !event.dataTransfer.files.length) return;
    event.preventDefault();
    addFiles(Array.from(event.dataTransfer.files));
  };

  const header =
    files.length || refused.length || pasted.length ? (
      <div>
        {pasted.length ? (
          <div style={filesStyle}>
            {pasted.map((entry) => (
              <PastedTextChip key={entry.id} text={entry.text} onRemove={() => {
                  setPasted((current) => current.filter((other) => other.id !== entry.id));
                  focusText(); // the removed chip had the focus
                }}
              />
            ))}
          </div>
        ) : null}
        {files.length ? (
          <ul style={{ ...filesStyle, listStyle: 'none', margin: 0 }} aria-label={strings.attach}>
            {files.map(({ id, file }) => (
              <li key={id} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                  <AttachmentPreview file={file} />
                  {upload ? <UploadProgress name={file.name} state={uploads.states[id]} /> : null}
                </div>
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={`${strings.removeAttachment}: ${file.name}`}
                  onClick={() => {
                    uploads.cancel(id);
                    setFiles((current) => current.filter((entry) => entry.id !== id));
                  }}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {refused.length ? (
          <ul role="alert" style={{ ...refusedStyle, padding: '4px 12px' }} data-xagent-refused="">
            {refused.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
    ) : null;

  return (
    <div
      ref={rootRef}
      className={className}
      style={style}
      onDrop={onDrop}
      onPaste={(event) => {
        // A long text paste becomes a chip (files are the Sender's `onPasteFile`).
        const text = event.clipboardData.getData('text/plain');
        if (pastedText === false || event.clipboardData.files.length > 0 || !isLongPaste(text, pastedText)) return;
        event.preventDefault();
        setPasted((current) => [...current, { id: `${Date.now()}-${current.length}`, text }]);
      }}
      onDragOver={(event) => options && event.preventDefault()}
      onKeyDown={(event) => {
        // Escape stops a streaming reply, as in other chat apps.
        if (event.key === 'Escape' && busy && stop) {
          event.preventDefault();
          stop();
        }
      }}
      data-xagent-composer=""
    >
      <FocusRingStyle />
      {options ? (
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          hidden
          multiple
          accept={options.accept}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      ) : null}
      <Sender
        value={value}
        onChange={(next) => setValue(next)}
        onSubmit={(text) => void submit(text)}
        onCancel={stop}
        // While the queue takes sends, the Sender stays ready (it refuses to submit while loading).
        loading={busy && !queue}
        disabled={disabled}
        submitType={submitType}
        placeholder={awaitingApproval ? strings.awaitingApproval : (placeholder ?? strings.composerPlaceholder)}
        aria-label={strings.composerLabel}
        {...(nativeAutoSize ? { autoSize: false, styles: nativeAutoSizeStyles } : {})}
        allowSpeech={senderSpeechOff}
        header={header}
        onPasteFile={options ? (list) => addFiles(Array.from(list as ArrayLike<File>)) : undefined}
        prefix={
          options || dictationOptions ? (
            <>
              {options ? (
                <Button type="text" icon={options.icon ?? <OnDemandIcon name="paper-clip" />} aria-label={strings.attach} title={strings.attach} onClick={() => inputRef.current?.click()} />
              ) : null}
              {dictationOptions ? <DictationButton dictation={dictation} disabled={disabled} /> : null}
            </>
          ) : undefined
        }
        suffix={(_, { components: { SendButton, LoadingButton } }) =>
          busy && queue ? (
            <>
              <Button shape="circle" icon={<OnDemandIcon name="border" />} aria-label={strings.stop} title={strings.stop} onClick={stop} />
              <SendButton aria-label={strings.queue.queueSend} title={strings.queue.queueSend} disabled={disabled || (!value.trim() && files.length === 0 && pasted.length === 0)} />
            </>
          ) : busy ? (
            <LoadingButton icon={<StopIcon />} aria-label={strings.stop} title={strings.stop} />
          ) : (
            <SendButton aria-label={strings.send} title={strings.send} disabled={disabled || (!value.trim() && files.length === 0 && pasted.length === 0)} />
          )
        }
      />
      {dictationOptions ? <DictationStatus dictation={dictation} inserted={inserted} /> : null}
    </div>
  );
});

const progressStyle: CSSProperties = { width: '100%', height: 4, accentColor: 'var(--ant-color-primary, #1677ff)' };

/** An attachment's upload: a progress bar (full once done), the reason when it failed. */
function UploadProgress({ name, state }: { name: string; state: UploadState | undefined }) {
  const { strings } = useAgentUIConfig();
  if (state?.error) {
    return (
      <span role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)', fontSize: 12, maxWidth: 220 }} data-xagent-upload-error="">
        {strings.uploadFailed(name, state.error)}
      </span>
    );
  }
  // Stays at 100 % once uploaded: the user sees the file is on the server.
  const percent = state?.reference ? 100 : Math.round((state?.progress ?? 0) * 100);
  return <progress style={progressStyle} max={100} value={percent} aria-label={strings.uploadingFile(name)} data-xagent-upload-progress="" />;
}
