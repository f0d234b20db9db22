import { PaperClipOutlined } from '@ant-design/icons';
import { renderHook } from '@testing-library/react';
import { sendQueue } from '@x/agent-react/queue';
import { resumeRuns } from '@x/agent-react/resume';
import { describe, expect, it } from 'vitest';
import { attachments } from './attachments.js';
import { dictation } from './dictation.js';
import { pluginChatOptions } from './plugin-chat-options.js';
import { resolvePlugins, useStablePlugins } from './plugins-context.js';
import { queue } from './queue.js';
import { resume } from './resume.js';
import type { AgentChatPlugin } from './plugin.js';

const connection = { api: '/api/agent', agentId: 'support', credentials: 'include' as const };

describe('plug-ins', () => {
  it('the queue is on only with the queue plug-in once plug-ins are given; no plug-ins at all leaves the defaults', () => {
    expect(pluginChatOptions(undefined)).toEqual({});
    expect(resolvePlugins(undefined, connection).queue).toBeUndefined();
    expect(pluginChatOptions([])).toEqual({ queue: false });
    expect(resolvePlugins([], connection).queue).toBe(false);
    expect(pluginChatOptions([queue()]).queue).toBe(sendQueue);
    expect(resolvePlugins([queue()], connection).queue).toBe(true);
    expect(pluginChatOptions([resume()])).toEqual({ queue: false, resume: resumeRuns });
  });

  it('fills the routes of attachments and dictation from the chat’s server, the plug-in’s own options winning', () => {
    const resolved = resolvePlugins([attachments({ accept: 'image/*', upload: true }), dictation({ lang: 'de' })], connection);
    // The attach button's icon comes with the plug-in.
    expect(resolved.attachments).toEqual({ accept: 'image/*', upload: { uploadApi: '/api/agent/support/files', credentials: 'include' }, icon: expect.objectContaining({ type: PaperClipOutlined }) });
    expect(resolved.dictation).toMatchObject({ transcribeApi: '/api/agent/support/transcribe', lang: 'de', credentials: 'include' });
    expect(resolvePlugins([attachments({ upload: { uploadApi: '/elsewhere' } })], connection).attachments?.upload?.uploadApi).toBe('/elsewhere');
  });

  it('a later plug-in of the same name replaces an earlier one', () => {
    const resolved = resolvePlugins([attachments({ accept: 'image/*' }), queue(), attachments({ accept: '.pdf' })], connection);
    expect(resolved.attachments).toEqual({ accept: '.pdf', icon: expect.anything() });
    expect(resolved.aboveComposer).toHaveLength(1);
  });

  it('keeps the identity of inline plug-ins while their options are equal, and changes it when an option changes', () => {
    const { result, rerender } = renderHook(({ plugins }: { plugins: readonly AgentChatPlugin[] }) => useStablePlugins(plugins), {
      initialProps: { plugins: [queue(), attachments({ accept: 'image/*', upload: { credentials: 'include' } })] },
    });
    const first = result.current;
    rerender({ plugins: [queue(), attachments({ accept: 'image/*', upload: { credentials: 'include' } })] });
    expect(result.current).toBe(first);
    rerender({ plugins: [queue(), attachments({ accept: '.pdf' })] });
    expect(result.current).not.toBe(first);
  });
});
