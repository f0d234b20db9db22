'use client';
import { memo, useContext, useEffect, useRef, useState } from 'react';
import { DeferredMarkdown, NearViewportContext, pendingProps } from './deferred-markdown.js';
import { useAnnounce, useAnnounceMode, useReplySpeech } from '../a11y/announcer.js';
import { nextSpeech, SPEECH_START, type SpeechProgress, type ToSpeech } from '../a11y/speech-progress.js';
import { useAgentUIConfig } from '../config.js';
import { splitMarkdownBlocks, type MarkdownBlocks } from './markdown-blocks.js';
import { useMarkdownPipeline, type MarkdownPipeline } from './markdown-pipeline.js';
import { KIT_STYLE_SHEET, useKitStylesHandled } from '../styles/kit-styles.js';

/** Props of {@link StreamingMarkdown}. */
export interface StreamingMarkdownProps {
  /** The markdown so far. */
  text: string;
  /** More text is coming: the last block is rendered as incomplete markdown. */
  streaming?: boolean;
  /**
   * Read the text out to screen readers, sentence by sentence (see `AnnouncerProvider`). `true` when
   * it mounts: from its first word — all of it at once when it mounts complete (a reply that reached
   * the page in one piece); `false`: never. Default: what streams here, from where it starts to.
   */
  announce?: boolean;
  className?: string;
}

/**
 * One block: parsed once per text, memoized. The streaming tail is closed by `completeTail` (in the
 * pipeline's `renderBlock`) rather than by XMarkdown's `streaming` mode, which renders twice per
 * update (an effect stores its output in state): one commit per update instead of two. The parse is
 * XMarkdown's parser, through the kit's shared pipeline (`markdown-html.ts`: one parser, its tokens
 * straight to React elements), loaded as a chunk of its own (`markdown-pipeline.ts`).
 */
const MarkdownBlock = memo(function MarkdownBlock({ text, streaming, render }: { text: string; streaming: boolean; render: MarkdownPipeline['renderBlock'] }) {
  return render(text, streaming);
});

/** A frame that completes more blocks than this parses the last ones only, the rest after its paint. */
const LIVE_BLOCKS = 6;
/**
 * Text longer than this that has not streamed here and must show at once is split into blocks
 * too, so its mount parses the last ones only (as a burst does): a whole 10k-token reply in one
 * frame would be one long parse.
 */
const SPLIT_CHARS = 6000;
/** A link reference or footnote definition (`[id]: url`, `[^1]: …`): it resolves only within one document. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;
const NO_BLOCKS = splitMarkdownBlocks('');

/** The root's class: the kit's stylesheet styles the markdown below it. */
const ROOT_CLASS = 'x-agent-md';

/** What a reply's announcement waits on: the latest blocks and whether the reply has finished. */
interface PendingSpeech {
  done: readonly string[];
  tail: string;
  finished: boolean;
}

/**
 * Markdown for streamed text: split into blocks so that only the tail block is re-parsed per update
 * (completed blocks are memoized); raw HTML is escaped, unsafe URLs removed, links open in a new tab
 * with `rel="noopener noreferrer"`.
 *
 * Text that has never streamed here (loaded history) is rendered as one document: one parse and
 * one root element instead of one per block, which halves the mount cost of long transcripts —
 * unless it is long (over 6,000 characters) and must show at once: then it is split like a burst.
 * Once it streamed, it stays split, so the end of a stream re-parses nothing.
 *
 * Parsing waits where nobody sees it yet: a loaded message in a long transcript's rows marked by a
 * `NearViewportContext` shows plain text until it comes near the view; a frame that completes more
 * than 6 blocks at once (a burst: a resumed or very fast reply) parses the last 6 and the tail at once
 * and the earlier ones after that frame's paint, in a transition.
 */
export const StreamingMarkdown = memo(function StreamingMarkdown({ text, streaming = false, announce, className }: StreamingMarkdownProps) {
  const near = useContext(NearViewportContext);
  // Split from the start: streaming text, and long text that must show at once (a reply that came
  // whole in one read, the newest rows of a loaded history), unless it defines link references.
  const [blockwise, setBlockwise] = useState(() => streaming || (near === null && text.length > SPLIT_CHARS && !REFERENCE_DEFINITION.test(text)));
  if (streaming && !blockwise) setBlockwise(true);
  const blocksRef = useRef<MarkdownBlocks | undefined>(undefined);
  const shouldAnnounce = announce ?? streaming;
  // Announced from the mount on: the text is new (this turn's reply), read from its first word.
  const [fromStart] = useState(announce === true);
  // Text shown as one document and not announced needs no split (loaded history: no scan at mount).
  const blocks = blockwise || shouldAnnounce ? splitMarkdownBlocks(text, blocksRef.current) : NO_BLOCKS;
  // Completed blocks already committed: a frame that adds many parses only the last LIVE_BLOCKS at once;
  // the others (by index, for good: a block keeps its component) wait for that frame's paint.
  const shownDone = useRef(0);
  const deferred = useRef<Set<number> | null>(null);
  for (let index = shownDone.current; index < blocks.done.length - LIVE_BLOCKS; index++) (deferred.current ??= new Set()).add(index);
  useEffect(() => {
    blocksRef.current = blocks;
    shownDone.current = blocks.done.length;
  });
  const say = useAnnounce();
  const mode = useAnnounceMode();
  const replySpeech = useReplySpeech();
  const { strings } = useAgentUIConfig();
  // The markdown chunk (markdown-pipeline.ts); until it has run, the text shows plain.
  const pipeline = useMarkdownPipeline();
  // The text the page shows, not its markup (a table as its rows, inline code as written); the
  // markdown as written in the moment before the chunk ran.
  const toSpeech = useRef<ToSpeech>(() => '');
  toSpeech.current = (markdown, open) => (pipeline ? pipeline.markdownSpeech(markdown, strings, open) : markdown);
  // Open while this reply is being read: a note said after it ("Reply stopped") waits for its last words.
  const reading = useRef<(() => void) | null>(null);
  // How far the reply has been read out: sentence by sentence while it streams (or all at the end,
  // in the `end` mode), each sentence once. What was there before it streamed here is not read,
  // unless the text was announced from its mount (then it is new: read from its first word; text
  // that mounts complete is a stream that just finished).
  const spoken = useRef<SpeechProgress | null>(null);
  const doneCount = blocks.done.length;
  const wasStreaming = useRef(streaming || fromStart);
  // After a burst (more than LIVE_BLOCKS blocks finished since the last announcement) the speech is
  // worked out in a task after the frame's paint (`replySpeech.afterPaint`: with the other parts'
  // speech of that frame, joined): converting hundreds of blocks to speech must not delay the frame
  // that shows them. Later frames before that task just replace what it reads.
  const pendingSpeech = useRef<PendingSpeech | null>(null);
  const cancelSpeech = useRef<(() => void) | undefined>(undefined);
  const speak = useRef(() => {});
  speak.current = () => {
    cancelSpeech.current = undefined;
    const pending = pendingSpeech.current;
    pendingSpeech.current = null;
    if (pending && spoken.current) {
      const next = nextSpeech(spoken.current, pending.done, pending.tail, pending.finished, toSpeech.current);
      spoken.current = next.progress;
      if (next.text) say(next.text);
    }
    if (pending?.finished) {
      reading.current?.();
      reading.current = null;
    }
  };
  useEffect(
    () => () => {
      // Unmounted before the task: say it now rather than never.
      if (cancelSpeech.current) {
        cancelSpeech.current();
        speak.current();
      }
      reading.current?.();
      reading.current = null;
    },
    [],
  );
  useEffect(() => {
    const finished = wasStreaming.current && !streaming;
    wasStreaming.current = streaming;
    // Nothing to say of text that neither streams nor just finished.
    if (finished ? announce === false : !(streaming && shouldAnnounce)) return;
    // Open until its last words are said: a note ("Reply stopped", an approval request) waits for them.
    reading.current ??= replySpeech.open();
    spoken.current ??= fromStart ? SPEECH_START : { blocks: doneCount, chars: 0 };
    if (!finished && mode === 'end') return;
    pendingSpeech.current = { done: blocks.done, tail: blocks.tail, finished: finished || (pendingSpeech.current?.finished ?? false) };
    if (cancelSpeech.current) return;
    // A frame that finished a few blocks (a paced stream) is said at once; a burst after the paint.
    if (doneCount - spoken.current.blocks <= LIVE_BLOCKS) speak.current();
    else cancelSpeech.current = replySpeech.afterPaint(() => speak.current());
  }, [blocks, doneCount, streaming, announce, shouldAnnounce, fromStart, mode, say, replySpeech]);
  // The kit's stylesheet: rendered by the provider above (AgentUIProvider, AgentChat), else here
  // (a hoisted, de-duplicated <style>: one in the page however many replies render it).
  const sheet = useKitStylesHandled() ? null : KIT_STYLE_SHEET;
  const rootClass = className ? `${ROOT_CLASS} ${className}` : ROOT_CLASS;
  if (!pipeline) {
    // Before the markdown chunk ran (and on the server): the text, plain, as a deferred block shows it.
    return (
      <div className={rootClass} dir="auto" data-xagent-markdown="">
        {sheet}
        {text.trim() ? <div {...pendingProps(text)}>{text}</div> : null}
      </div>
    );
  }
  if (!blockwise) {
    // One document, its elements right in the root: a reply from history is its root and its markdown.
    return (
      <div className={rootClass} dir="auto" data-xagent-markdown="">
        {sheet}
        {text.trim() ? <DeferredMarkdown text={text} render={pipeline.renderMarkdown} /> : null}
      </div>
    );
  }
  return (
    <div className={rootClass} dir="auto" data-xagent-markdown="">
      {sheet}
      {blocks.done.map((block, index) =>
        deferred.current?.has(index) ? (
          // A completed block that arrived in a burst (many blocks in one frame, most of them above the
          // view): plain text in the frame it arrives in, parsed in a transition after that frame's paint.
          <DeferredMarkdown key={index} text={block} afterPaint render={pipeline.renderBlock} />
        ) : (
          <MarkdownBlock key={index} text={block} streaming={false} render={pipeline.renderBlock} />
        ),
      )}
      {blocks.tail.trim() ? <MarkdownBlock key={doneCount} text={blocks.tail} streaming={streaming} render={pipeline.renderBlock} /> : null}
    </div>
  );
});
