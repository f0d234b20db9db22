import { taskStateToJSON, type TaskState, type Artifact, type Message, type Part, type StreamResponse, type Task } from '@a2a-js/sdk';
import type { RemoteAgentFile, RemoteAgentProgress, RemoteTaskState } from '@x/agent-protocol/remote-agents';

/** Stores a file part's bytes; answers the file as the tool result names it. */
export type FileSink = (bytes: Uint8Array, mediaType: string, filename: string) => Promise<RemoteAgentFile>;

/** Most status lines kept (the latest); older ones are dropped. */
const MAX_TEXT_CHARS = 200_000;

/**
 * A remote task as our tool call shows it, built up from what the agent sends (the task, status
 * updates, artifact updates, or one plain message). Each `apply` returns whether anything changed.
 */
export class TaskProgress {
  taskId = '';
  contextId = '';
  state: RemoteTaskState = 'submitted';
  status = '';
  private readonly artifacts = new Map<string, string>();
  private readonly files: RemoteAgentFile[] = [];
  private replyText = '';

  constructor(
    private readonly agent: string,
    private readonly sink: FileSink | undefined,
  ) {}

  /** The progress as the tool's (preliminary or final) output. */
  snapshot(): RemoteAgentProgress {
    const text = [...this.artifacts.values(), this.replyText].filter((t) => t !== '').join('\n\n');
    return {
      a2a: 'remote-agent',
      agent: this.agent,
      taskId: this.taskId,
      state: this.state,
      status: this.status,
      text: text.slice(0, MAX_TEXT_CHARS),
      files: [...this.files],
      ...(this.state === 'input-required' ? { question: this.status || 'The agent needs more information.' } : {}),
    };
  }

  async applyEvent(event: StreamResponse): Promise<void> {
    const payload = event.payload;
    if (!payload) throw new Error('an empty stream event');
    switch (payload.$case) {
      case 'task':
        return this.applyTask(payload.value);
      case 'message':
        return this.applyMessage(payload.value);
      case 'statusUpdate':
        this.checkTask(payload.value.taskId);
        if (payload.value.status) this.applyStatus(payload.value.status.state, payload.value.status.message);
        return;
      case 'artifactUpdate':
        this.checkTask(payload.value.taskId);
        if (payload.value.artifact) await this.applyArtifact(payload.value.artifact, payload.value.append);
        return;
    }
  }

  /** A whole task (the first stream event, or a plain call's answer). */
  async applyTask(task: Task): Promise<void> {
    if (typeof task.id !== 'string' || task.id === '') throw new Error('a task without an id');
    if (this.taskId !== '' && task.id !== this.taskId) throw new Error(`a task ${task.id} when ${this.taskId} was asked for`);
    this.taskId = task.id;
    this.contextId = task.contextId;
    this.artifacts.clear();
    for (const artifact of task.artifacts ?? []) await this.applyArtifact(artifact, false);
    if (task.status) this.applyStatus(task.status.state, task.status.message);
  }

  /** A reply that is a plain message (no task): its text is the outcome. */
  applyMessage(message: Message): void {
    this.replyText = textOf(message.parts);
    this.state = 'completed';
  }

  private checkTask(taskId: string): void {
    if (this.taskId !== '' && taskId !== this.taskId) throw new Error(`an update of task ${taskId} in the stream of ${this.taskId}`);
  }

  private applyStatus(state: TaskState, message: Message | undefined): void {
    this.state = stateName(state);
    const text = message ? textOf(message.parts) : '';
    if (text !== '') this.status = text;
  }

  private async applyArtifact(artifact: Artifact, append: boolean): Promise<void> {
    let text = '';
    for (const part of artifact.parts) {
      const content = part.content;
      if (!content) continue;
      if (content.$case === 'text') text += content.value;
      else if (content.$case === 'data') text += JSON.stringify(content.value);
      else this.files.push(await this.file(part));
    }
    const key = artifact.artifactId || artifact.name;
    const before = append ? (this.artifacts.get(key) ?? '') : '';
    if (text !== '' || before !== '') this.artifacts.set(key, before + text);
  }

  private async file(part: Part): Promise<RemoteAgentFile> {
    const content = part.content!;
    const name = part.filename || 'file';
    const mediaType = part.mediaType || 'application/octet-stream';
    if (content.$case === 'url') return { name, mediaType, url: content.value };
    if (content.$case !== 'raw') return { name, mediaType };
    const bytes = content.value instanceof Uint8Array ? content.value : new Uint8Array(Buffer.from(String(content.value), 'base64'));
    return this.sink ? this.sink(bytes, mediaType, name) : { name, mediaType, size: bytes.byteLength };
  }
}

/** `TASK_STATE_INPUT_REQUIRED` → `input-required`. */
export function stateName(state: TaskState): RemoteTaskState {
  const json = taskStateToJSON(state);
  const name = json.replace(/^TASK_STATE_/, '').toLowerCase().replace(/_/g, '-');
  const known: readonly string[] = ['submitted', 'working', 'input-required', 'completed', 'canceled', 'failed', 'rejected', 'auth-required'];
  return known.includes(name) ? (name as RemoteTaskState) : 'unknown';
}

function textOf(parts: readonly Part[]): string {
  return parts
    .map((p) => (p.content?.$case === 'text' ? p.content.value : p.content?.$case === 'data' ? JSON.stringify(p.content.value) : ''))
    .filter((t) => t !== '')
    .join('\n');
}
