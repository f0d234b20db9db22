import { Role, type Message, type Part, type Task, type TaskState } from '@a2a-js/sdk';

/** An A2A text part (ts-proto: every field written out). */
export function textPart(value: string): Part {
  return { content: { $case: 'text', value }, mediaType: 'text/plain', filename: '', metadata: undefined };
}

/** An agent message of a task (a status message: why it failed, what it waits for). */
export function agentMessage(text: string, taskId: string, contextId: string): Message {
  return {
    messageId: crypto.randomUUID(),
    role: Role.ROLE_AGENT,
    taskId,
    contextId,
    parts: [textPart(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** A user message of a task's history, from the text of a stored user message. */
export function userMessage(text: string, messageId: string, taskId: string, contextId: string): Message {
  return { messageId, role: Role.ROLE_USER, taskId, contextId, parts: [textPart(text)], metadata: undefined, extensions: [], referenceTaskIds: [] };
}

/** The text of a message's text parts, joined by blank lines (other parts are not read). */
export function textOf(parts: readonly Part[]): string {
  return parts
    .flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : []))
    .filter((text) => text.length > 0)
    .join('\n\n');
}

/** The id of the artifact holding the reply's text. */
export const REPLY_ARTIFACT_ID = 'reply';

/** A task with its status (and everything else empty unless given). */
export function taskOf(fields: { id: string; contextId: string; state: TaskState; message?: Message; history?: Message[]; reply?: string }): Task {
  return {
    id: fields.id,
    contextId: fields.contextId,
    status: { state: fields.state, message: fields.message, timestamp: new Date().toISOString() },
    artifacts:
      fields.reply === undefined
        ? []
        : [{ artifactId: REPLY_ARTIFACT_ID, name: 'reply', description: '', parts: [textPart(fields.reply)], metadata: undefined, extensions: [] }],
    history: fields.history ?? [],
    metadata: undefined,
  };
}
