/**
 * English (United States): the kit's source catalogue. Every other locale file has exactly these keys
 * (`Catalogue` is derived from this object; `locales/catalogue.test.ts` checks keys, placeholders and
 * plurals of every file).
 *
 * Notes for translators
 * - Keep every placeholder verbatim: `{name}`, `{tool}`, `{count}`, … are filled in by the code. Never
 *   translate or rename what is inside the braces, never add a placeholder the English message lacks.
 * - Plurals: `{count, plural, one {# item} other {# items}}`. `#` is the number, formatted for your
 *   locale; keep it. Use exactly the categories your language has in `Intl.PluralRules` (`zero`, `one`,
 *   `two`, `few`, `many`, `other`; e.g. ru/uk/pl: one, few, many, other; ar: zero, one, two, few, many,
 *   other; ja/zh/ko/th/vi/id: other only). `other` is always required. Exact matches such as `=0 {…}`
 *   may be kept or added.
 * - Select: `{state, select, a {…} other {…}}`: translate the texts, keep the keys.
 * - Lists (e.g. tool names) arrive as ONE placeholder already joined for your language ("A, B and C"):
 *   never build a list yourself. Numbers, sizes, durations and dates arrive formatted.
 * - An apostrophe is plain text (no ICU quoting); braces `{` `}` cannot appear as text.
 * - Use the typography of your language: its quotation marks (“…”, „…“, «…», 「…」) and its ellipsis (…).
 * - Tone: short UI labels; buttons are imperative verbs ("Send", "Retry"); sentences end with the
 *   language's full stop where the English has one. Prefer the wording antd uses in your locale.
 * - Ambiguous keys carry a comment saying what they mean.
 */
import type { Catalogue } from './catalogue.js';

const catalogue = {
  /** BCP 47 tag of this catalogue, used for `Intl` (numbers, plurals, lists). Set it to your file's tag (`de_DE` → `de-DE`). */
  locale: 'en-US',
  chat: {
    /** Accessible name of the transcript (the list of messages). */
    conversation: 'Conversation',
    /** Open/close the chat drawer (floating chat button). */
    openChat: 'Open chat',
    closeChat: 'Close chat',
    /** Button: start a new conversation. */
    newChat: 'New chat',
    /** Heading / name of the list of past conversations. */
    conversations: 'Conversations',
    /** Name of a conversation's “…” menu; `{label}` is the conversation's title. */
    conversationMenu: 'Actions for {label}',
    /** Menu item: rename a conversation. */
    rename: 'Rename',
    loading: 'Loading…',
    /** Author labels of messages. */
    you: 'You',
    assistant: 'Assistant',
    /** Heading of suggested prompts. */
    suggestions: 'Suggestions',
    /** Button at the top of a long transcript. */
    earlierMessages: '{count, plural, one {Show # earlier message} other {Show # earlier messages}}',
    /** Shown while the model thinks before answering. */
    thinking: 'Thinking…',
    /** The model's reasoning (a collapsible section). */
    reasoning: 'Reasoning',
    showReasoning: 'Show reasoning',
    hideReasoning: 'Hide reasoning',
    /** Heading of the cited sources under a reply. */
    sources: 'Sources',
    /** An image in model output that was not loaded; `{host}` is the site it would load from. */
    imageBlocked: 'Image from {host}',
    loadImage: 'Load image',
    /** Marker where older messages were replaced by a summary. */
    compactionMarker: 'Earlier messages were summarized',
    /** Shown in place of a message that failed to render. */
    messageFailed: 'This message could not be shown.',
    /** Shown in place of one part of a message that failed to render (before the error's text). */
    partFailed: 'This part could not be shown.',
    /** Status under a reply the user stopped (adjective: “stopped”). */
    stopped: 'Stopped',
    /** Status under a reply that failed or was cut off. */
    interrupted: 'Interrupted',
    /** While the connection to a running reply is restored. */
    reconnecting: 'Reconnecting…',
    /** Announced to screen readers when a reply is stopped / interrupted. */
    replyStopped: 'Reply stopped',
    replyInterrupted: 'Reply interrupted',
    /** Read to screen readers for a table in a reply: its header row, then each body row; `{cells}` arrives joined by `tableCellSeparator`. */
    tableColumnsSpeech: 'Columns: {cells}.',
    tableRowSpeech: 'Row {row}: {cells}.',
    /** Between a table row's cells when read aloud. */
    tableCellSeparator: ', ',
    /** Button: try the failed reply again. */
    retry: 'Retry',
    /** Button: close a notice. */
    dismiss: 'Dismiss',
  },
  composer: {
    placeholder: 'Ask anything…',
    /** Accessible name of the message field. */
    label: 'Message',
    /** Button: send the message. */
    send: 'Send',
    /** Button: stop generating the reply (not “stop the app”). */
    stop: 'Stop',
    attach: 'Attach files',
    removeAttachment: 'Remove attachment',
    /** `{maxSize}` arrives formatted, e.g. “10 MB”. */
    fileTooLarge: '“{name}” is larger than {maxSize} and was not attached.',
    fileTypeRefused: '“{name}” is not an accepted file type and was not attached.',
    /** Label of an attachment's upload progress bar. */
    uploadingFile: 'Uploading “{name}”',
    /** `{reason}` is a full sentence from the server or the browser. */
    uploadFailed: '“{name}” could not be uploaded: {reason} Remove it to send.',
    /** The placeholder while the reply waits for an approval. */
    awaitingApproval: 'Approve or reject the request above to continue, or send a new message',
  },
  message: {
    /** Button: copy a message. */
    copy: 'Copy',
    /** Shown after copying. */
    copied: 'Copied',
    /** Button of a code block. */
    copyCode: 'Copy code',
    /** Button: edit one of your messages. */
    edit: 'Edit message',
    saveEdit: 'Save and resend',
    cancelEdit: 'Cancel editing',
    /** Button: delete a message. */
    delete: 'Delete',
    /** The row standing in for a deleted message while it can be restored. */
    deleted: 'Message deleted',
    /** Button: restore the deleted message. */
    undoDelete: 'Undo',
    /** Button: generate the reply again. */
    regenerate: 'Regenerate',
    /** Feedback buttons (thumbs up / down). */
    like: 'Helpful',
    dislike: 'Not helpful',
    /** Name of a message's toolbar. */
    actions: 'Message actions',
    /** The optional reason after “Not helpful”: its field, quick picks, send and skip. */
    feedbackReasonLabel: 'What was not helpful? (optional)',
    feedbackReasons: ['Inaccurate', 'Not what I asked', 'Too long'],
    feedbackReasonSend: 'Send feedback',
    feedbackReasonSkip: 'Skip',
  },
  /** The ‹ 2 / 3 › switcher under a message that has other versions (an edit or a regenerate made them). */
  branches: {
    versions: 'Versions',
    previousVersion: 'Previous version',
    nextVersion: 'Next version',
    /** What the switcher announces: version `{index}` (1-based) of `{count}`. */
    versionOf: 'Version {index} of {count}',
  },
  tools: {
    /** `{tool}` is a tool's name (e.g. “lookupOrder”), shown as is. */
    running: 'Running {tool}…',
    done: '{tool} finished',
    error: '{tool} failed',
    /** The user rejected the tool call. */
    denied: '{tool} was rejected',
    /** Headings of a tool call's details. */
    input: 'Input',
    result: 'Result',
    showFullResult: 'Show full result',
    hideFullResult: 'Hide full result',
    /** One line summing up consecutive calls of a single tool (`{count}` calls). */
    usedOne: 'Used {tool} {count, plural, one {once} other {# times}}',
    /** Consecutive calls of several tools, one call each; `{tools}` is a list already joined (“A, B and C”). */
    used: 'Used {tools}',
    /** Several tools, more calls than tools: `{count}` calls in all. */
    usedCalls: 'Used {tools} ({count, plural, one {# call} other {# calls}})',
    /** The last item of the list when more than three tools were used: “A, B and 3 more tools”. */
    moreTools: '{count, plural, one {# more tool} other {# more tools}}',
    /** Several tool calls running at once. */
    runningCount: '{count, plural, one {Running # tool call…} other {Running # tool calls…}}',
    /** Size of a list in a tool result's summary. */
    itemCount: '{count, plural, =0 {no items} one {# item} other {# items}}',
  },
  approval: {
    /** Title of the card asking the user to approve a tool call. */
    title: 'Allow {tool} to run?',
    approve: 'Approve',
    reject: 'Reject',
    rejectReason: 'Reason for rejecting (optional)',
    confirmReject: 'Reject with reason',
    cancel: 'Cancel',
    /** Status of an answered card. */
    approved: 'Approved',
    rejected: 'Rejected',
    /** An approval left in an earlier message: answering it would run nothing. */
    expired: 'Expired: not answered before the conversation moved on',
    /** Status on a pending card (and its conversation's badge). */
    waiting: 'Waiting for your approval',
    /** What the card's buttons do, shown on the card (keep the button names as translated above). */
    instructions: 'Approve runs it as shown, Edit input changes what it runs with, Reject stops it (you can say why).',
    /** Announced to screen readers when an approval appears. */
    announcement: 'Waiting for your approval: allow {tool} to run?',
    /** Button: open the editor of the tool's input. */
    editInput: 'Edit input',
    inputEditorLabel: 'Tool input (JSON)',
    approveWithChanges: 'Approve with changes',
    /** `{detail}` is the JSON parser's message (English from the browser). */
    inputNotJson: 'Not valid JSON: {detail}',
    inputInvalid: 'Does not match the tool’s input: {detail}',
    editedInput: 'Edited input',
    proposedInput: 'Proposed input',
  },
  remoteAgent: {
    /** Title of the card where an agent on another server (`{agent}`, its name) asks the user a question while it works. */
    question: '{agent} asks',
    /** Status on the question card. */
    waiting: 'Waiting for your answer',
    /** What to do, shown on the question card. */
    instructions: 'Type your answer and press Enter (Shift+Enter adds a line); {agent} goes on with it.',
    /** Accessible name of the answer field. */
    answerLabel: 'Your answer to {agent}',
    /** Button: send the answer. */
    send: 'Send answer',
    /** Shown once the answer was sent, until the agent goes on. */
    sent: 'Answer sent',
    /** The nested run of an agent on another server, before it says what it is doing. */
    working: '{agent} is working…',
    /** Announced to screen readers when the question appears. */
    announcement: '{agent} asks: {question}',
  },
  errors: {
    /** Title of the error alert. */
    title: 'Something went wrong',
    /** Announced to screen readers; `{message}` is the error's text. */
    announcement: 'Error: {message}',
    connectionLost: 'Connection lost. Check your network and try again.',
    /** What the error alert says for each error code of the server (one per code). */
    codes: {
      bad_json: 'The request could not be read. Reload the page and try again.',
      invalid_cursor: 'The conversation could not be loaded from where it left off. Reload the page.',
      invalid_title: 'That title cannot be used.',
      invalid_body: 'The request was not valid. Reload the page and try again.',
      invalid_messages: 'The messages could not be sent as they are. Reload the page and try again.',
      invalid_id: 'This link or conversation id is not valid.',
      unauthorized: 'You are signed out. Sign in and try again.',
      forbidden: 'You do not have access to this.',
      cross_site_request: 'This page may not send requests to the agent server.',
      tool_denied: 'That action is not allowed here.',
      approval_required: 'That action needs your approval in the chat first.',
      unknown_tool: 'That action is not available.',
      mcp_app_unavailable: 'This app could not be loaded.',
      not_found: 'This is not available.',
      run_not_found: 'That run no longer exists.',
      unknown_agent: 'This assistant is not available.',
      conversation_not_found: 'This conversation no longer exists.',
      message_not_found: 'This message no longer exists.',
      file_not_found: 'An attached file no longer exists; attach it again.',
      method_not_allowed: 'This action is not supported.',
      conversation_conflict: 'This conversation is busy in another tab or window.',
      history_mismatch: 'This conversation changed in another tab or window. Reload it and try again.',
      approval_not_pending: 'This approval was already answered.',
      run_not_paused: 'This run is not waiting for an answer.',
      payload_too_large: 'The message is too large to send.',
      unsupported_media_type: 'The request was not valid. Reload the page and try again.',
      internal_error: 'Something went wrong on the server. Try again.',
      store_required: 'This server does not keep conversations.',
      store_unavailable: 'Conversations are unavailable right now. Try again shortly.',
      run_log_unavailable: 'The reply cannot be followed right now. Try again shortly.',
      run_not_ready: 'The reply is not ready to be followed yet. Try again shortly.',
      transcription_unavailable: 'Dictation is not available on this server.',
      transcription_failed: 'The recording could not be turned into text. Try again.',
    },
  },
  /** The composer's microphone (speech to text). */
  dictation: {
    /** Button: start dictating. */
    start: 'Dictate',
    stop: 'Stop dictation',
    listening: 'Listening… speak now',
    recording: 'Recording…',
    transcribing: 'Transcribing…',
    /** Announced when the dictated words landed in the message field. */
    inserted: 'Dictated text added to the message. Edit it, then send.',
    denied: 'Microphone access was denied. Allow the microphone for this site in the browser’s settings to dictate.',
    noDevice: 'No microphone was found. Connect one and try again.',
    unsupported: 'This browser does not support dictation. Type your message instead.',
    failed: 'The recording could not be turned into text. Try again.',
    tooLong: 'The recording is too long. Dictate a shorter message.',
    noSpeech: 'No speech was heard. Try again.',
  },
  /** Messages queued while a reply streams, long pasted text and long messages. */
  queue: {
    list: 'Queued messages',
    /** The send button's name while a reply streams (the message waits in a queue). */
    queueSend: 'Queue message',
    /** Name of one queued message: its place in line. */
    item: 'Queued message {position} of {count}',
    edit: 'Edit queued message',
    save: 'Save',
    cancel: 'Cancel',
    editLabel: 'Queued message text',
    moveUp: 'Move up',
    moveDown: 'Move down',
    sendNow: 'Send now',
    remove: 'Remove from queue',
    /** Announced when the queue changed. */
    queued: '{count, plural, =0 {Queue empty.} one {# message queued.} other {# messages queued.}}',
    moved: 'Moved to position {position} of {count}.',
    /** Shown while the queue waits for the user and the reason is not known (“Send now” is the button above). */
    paused: 'The queue is paused. Use Send now to go on.',
    /** Shown while the queue waits for the user after the reply failed. */
    pausedFailed: 'The queue is paused: the reply failed. Use Send now to go on.',
    /** Shown while the queue waits for the user after they stopped the reply. */
    pausedStopped: 'The queue is paused: the reply was stopped. Use Send now to go on.',
    /** Shown while the queue waits for the user after a page reload brought it back (the reply before it may have finished normally). */
    pausedRestored: 'The queue is paused: these messages were kept from before the page reloaded. Use Send now to go on.',
    /** A long pasted text's chip. */
    pastedText: 'Pasted text',
    pastedSummary: '{lines, plural, one {# line} other {# lines}}, {chars, plural, one {# character} other {# characters}}',
    expand: 'Show pasted text',
    collapse: 'Hide pasted text',
    removePasted: 'Remove pasted text',
    /** Expand / collapse a long message. */
    showMore: 'Show more',
    showLess: 'Show less',
  },
  /** The list of conversations. */
  conversations: {
    /** Date groups (headings) of the list. */
    today: 'Today',
    yesterday: 'Yesterday',
    previousDays: '{count, plural, one {Previous day} other {Previous # days}}',
    older: 'Older',
    /** Title of a conversation that has none yet. */
    untitled: 'New conversation',
    /** Placeholder and name of the search field. */
    search: 'Search conversations',
    /** Name of the button that empties the search field. */
    clearSearch: 'Clear search',
    noConversations: 'No conversations yet',
    noMatches: 'No conversation matches',
    loadMore: 'Load more',
    loadFailed: 'The conversations could not be loaded.',
    retry: 'Retry',
    dismiss: 'Dismiss',
    /** Name of the inline rename field. */
    renameLabel: 'New title for {title}',
    /** The undo line after deleting a conversation. */
    deleted: 'Deleted “{title}”',
    undo: 'Undo',
  },
  /** The run timeline (“Activity”): steps, tool calls and tokens of an agent run. */
  timeline: {
    label: 'Run activity',
    /** `{agentId}` is the agent's id, shown as is. */
    run: 'Run of {agentId}',
    /** One step of the run (a model call), numbered from 1. */
    step: 'Step {number}',
    steps: '{count, plural, one {# step} other {# steps}}',
    toolCalls: '{count, plural, one {# tool call} other {# tool calls}}',
    /** Tokens = units of model text (keep the technical word your locale uses). */
    tokens: '{count, plural, one {# token} other {# tokens}}',
    /** `{input}` tokens sent to the model, `{output}` tokens it wrote. */
    totalTokens: '{total, plural, one {# token} other {# tokens}} ({input} in · {output} out)',
    /** Status of a run. */
    status: {
      running: 'Running',
      completed: 'Completed',
      stopped: 'Stopped',
      failed: 'Failed',
      /** The run ended on a tool call waiting for the user's approval. */
      waiting: 'Waiting for approval',
    },
    /** Status of a tool call (short, lower case in English). */
    toolState: { running: 'running', done: 'done', error: 'error', pending: 'waiting' },
    /** Where a tool runs (short tags). */
    source: {
      function: 'function',
      mcp: 'MCP',
      http: 'HTTP',
      'sub-agent': 'sub-agent',
      'file-system': 'files',
      client: 'client',
      platform: 'platform',
    },
    /** For screen readers: when the row starts after the run's start; `{offset}` is a duration (“1.2 s”). */
    startsAt: 'starts at +{offset}',
    subAgent: 'Sub-agent {agentId}, {steps, plural, one {# step} other {# steps}}',
    showSubRun: 'Show the sub-agent run',
    hideSubRun: 'Hide the sub-agent run',
    /** Summary of a call's input and output. */
    detailsShort: 'Input and output',
    details: 'Input and output of {toolName}',
    /** A step or call still running (in place of its duration). */
    running: 'running…',
    waiting: 'Waiting for the model…',
    loading: 'Loading the run…',
    empty: 'No run yet',
    loadFailed: 'The run could not be loaded.',
    retry: 'Retry',
    /** Link to the run's trace in an observability tool. */
    viewTrace: 'View trace',
  },
  /** Forms (surfaces) an agent draws with A2UI. */
  a2ui: {
    surface: 'Interactive form from the agent',
    /** `{type}` / `{id}`: technical names, shown as is. */
    unsupported: 'Unsupported component: {type}',
    missing: 'Missing component: {id}',
    cycle: 'Component contains itself: {id}',
    tooDeep: 'Nested too deeply to show',
    tooMany: 'Too many components to show',
    building: 'Preparing the form…',
    failed: 'This form could not be shown.',
    /** Close button of a dialog. */
    close: 'Close',
    /** Title of a dialog whose trigger has no text. */
    dialog: 'Details',
  },
  /** Apps (MCP Apps) a tool shows inside the chat. */
  mcpApp: {
    /** The app frame's accessible name. */
    title: 'App of {tool}',
    loading: 'Loading the app…',
    failed: 'This app could not be shown. The chat goes on without it.',
    noStart: 'This app did not start. The chat goes on without it.',
    flooded: 'This app was stopped because it sent too many messages. The chat goes on without it.',
    /** Confirm dialog: the app asks to send a message as the user. */
    sendMessageTitle: 'The app wants to send this message for you',
    send: 'Send',
    /** Confirm dialog: the app asks to open a link. */
    openLinkTitle: 'The app wants to open this link',
    open: 'Open link',
    /** Confirm dialog: the app asks to run a tool that needs the user's approval. */
    callToolTitle: 'The app wants to run {tool}',
    callToolInput: 'With this input:',
    /** Told to the app (and its model) when the user rejected its tool call. */
    callToolRejected: 'The user rejected this tool call.',
  },
  /** The developer inspector (a docked panel listing runs and wire events). */
  inspector: {
    open: 'Open inspector',
    close: 'Close inspector',
    title: 'Agent inspector',
    runs: 'Runs',
    noRuns: 'No runs yet.',
    /** `{key}` is a run's number in the panel. */
    run: 'Run {key}',
    eventCount: '{count, plural, one {# event} other {# events}}',
    /** A run still streaming. */
    live: 'live',
    runId: 'Run id',
    status: 'Status',
    pending: 'pending',
    resumedAfter: 'Resumed after',
    /** `{cursor}`: the id of the last event seen before resuming. */
    cursor: 'cursor {cursor}',
    traceId: 'Trace id',
    usage: 'Usage',
    /** Filter by event type. */
    type: 'Type',
    all: 'all',
    exportFixture: 'Export fixture',
    clear: 'Clear',
    events: 'Events',
    copyEvent: 'Copy event {number}',
    copy: 'Copy',
    copied: 'Copied',
    /** Disclosure showing an event's raw data. */
    data: 'data',
  },
} satisfies Catalogue;

export default catalogue;
