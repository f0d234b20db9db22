import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { UIMessage } from 'ai';
import { CHAT_TITLE_PART } from '@x/agent-protocol';

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

export interface StoredConversation extends ConversationSummary {
  messages: UIMessage[];
}

/**
 * The playground's conversations: kept in memory and, when `file` is given, written to a JSON file
 * after every change (atomic rename) so they survive a restart of `pnpm dev`.
 */
export class ConversationStore {
  private readonly byId = new Map<string, StoredConversation>();
  private readonly file: string | undefined;

  constructor(file?: string) {
    this.file = file;
    if (!file) return;
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as StoredConversation[];
      for (const c of saved) this.byId.set(c.id, c);
    } catch {
      // no file yet, or unreadable: start empty
    }
  }

  list(): ConversationSummary[] {
    return [...this.byId.values()]
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map(({ id, title, createdAt, updatedAt }) => ({ id, title, createdAt, updatedAt }));
  }

  get(id: string): StoredConversation | undefined {
    return this.byId.get(id);
  }

  /** Saves the transcript after a turn; the title comes from the last `data-chat-title` part, if any. */
  save(id: string, messages: UIMessage[]): StoredConversation {
    const now = Date.now();
    const existing = this.byId.get(id);
    const title = titleOf(messages) ?? existing?.title ?? firstUserText(messages) ?? 'New conversation';
    const conversation = { id, title, createdAt: existing?.createdAt ?? now, updatedAt: now, messages };
    this.byId.set(id, conversation);
    this.persist();
    return conversation;
  }

  rename(id: string, title: string): boolean {
    const c = this.byId.get(id);
    if (!c) return false;
    c.title = title;
    this.persist();
    return true;
  }

  delete(id: string): boolean {
    const deleted = this.byId.delete(id);
    if (deleted) this.persist();
    return deleted;
  }

  private persist(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...this.byId.values()]));
    renameSync(tmp, this.file);
  }
}

function titleOf(messages: UIMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    for (const part of messages[i]!.parts) {
      if (part.type === CHAT_TITLE_PART) return (part as { data: { title: string } }).data.title;
    }
  }
  return undefined;
}

function firstUserText(messages: UIMessage[]): string | undefined {
  const first = messages.find((m) => m.role === 'user');
  const text = first?.parts.map((p) => (p.type === 'text' ? p.text : '')).join('').trim();
  return text ? text.slice(0, 60) : undefined;
}
