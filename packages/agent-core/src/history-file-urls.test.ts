import { describe, expect, it } from 'vitest';
import type { ConversationHistory } from '@x/agent-protocol/routes';
import type { UIMessage } from 'ai';
import { withAbsoluteFileUrls } from './history-file-urls.js';

const page = (url: string): ConversationHistory<UIMessage> => ({
  conversation: { id: 'c1', agentId: 'a', title: null, createdAt: '', updatedAt: '', version: 1, activeRunId: null, awaitingApproval: false, metadata: {} },
  messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }, { type: 'file', mediaType: 'image/png', url }] }],
  prevCursor: null,
});
const urlOf = (history: ConversationHistory<UIMessage>) => (history.messages[0]!.parts[1] as { url: string }).url;

describe('withAbsoluteFileUrls', () => {
  it('resolves signed file paths against an api on another origin', () => {
    expect(urlOf(withAbsoluteFileUrls(page('/api/agent/a/files/file-1?exp=1&sig=s'), 'https://agents.example.com/api/agent'))).toBe(
      'https://agents.example.com/api/agent/a/files/file-1?exp=1&sig=s',
    );
  });

  it('leaves them alone for a path api, and leaves data:, absolute and protocol-relative URLs alone', () => {
    const same = page('/api/agent/a/files/file-1?exp=1&sig=s');
    expect(withAbsoluteFileUrls(same, '/api/agent')).toBe(same);
    expect(withAbsoluteFileUrls(same, undefined)).toBe(same);
    for (const url of ['data:image/png;base64,AAAA', 'https://cdn.example.com/x.png', '//evil.example.com/x.png']) {
      expect(urlOf(withAbsoluteFileUrls(page(url), 'https://agents.example.com/api/agent'))).toBe(url);
    }
  });
});
