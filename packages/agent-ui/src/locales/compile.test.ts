import { describe, expect, it, vi } from 'vitest';
import { enUS } from './built-in.js';
import { zhCN } from './built-in-zh.js';
import { compileStrings } from './compile.js';
import en_US from './en_US.js';
import { mergeStrings } from './merge-strings.js';

describe('compileStrings', () => {
  it('keeps the components’ API: texts, and functions that format their message', () => {
    expect(enUS.send).toBe('Send');
    expect(enUS.locale).toBe('en-US');
    expect(enUS.fileTooLarge('a.pdf', '1 KB')).toBe('“a.pdf” is larger than 1 KB and was not attached.');
    expect(enUS.versionOf(2, 3)).toBe('Version 2 of 3');
    expect(enUS.errorCodes.conversation_conflict).toBe('This conversation is busy in another tab or window.');
    expect(enUS.feedbackReasons).toEqual(['Inaccurate', 'Not what I asked', 'Too long']);
    expect(enUS.dictation.start).toBe('Dictate');
    expect(enUS.mcpApp.title('weather')).toBe('App of weather');
  });

  it('says plurals right (one line, not “1 lines”) with numbers in the locale', () => {
    expect(enUS.queue.pastedSummary(1, 1)).toBe('1 line, 1 character');
    expect(enUS.queue.pastedSummary(60, 2400)).toBe('60 lines, 2,400 characters');
    expect(enUS.queue.queued(0)).toBe('Queue empty.');
    expect(enUS.queue.queued(1)).toBe('1 message queued.');
    expect(enUS.earlierMessages(1)).toBe('Show 1 earlier message');
    expect(enUS.itemCount(1)).toBe('1 item');
    expect(enUS.timeline.tokens(1200)).toBe('1,200 tokens');
    expect(enUS.timeline.totalTokens(2530, 2305, 225)).toBe('2,530 tokens (2,305 in · 225 out)');
    expect(enUS.timeline.subAgent('researcher', 1)).toBe('Sub-agent researcher, 1 step');
    expect(enUS.inspector.eventCount(1)).toBe('1 event');
    expect(zhCN.queue.pastedSummary(1, 1200)).toBe('1 行，1,200 个字符');
  });

  it('names the tools of a “Used …” line as a list of the locale', () => {
    expect(enUS.toolsUsed(['lookupOrder'], 1)).toBe('Used lookupOrder once');
    expect(enUS.toolsUsed(['lookupOrder'], 20)).toBe('Used lookupOrder 20 times');
    expect(enUS.toolsUsed(['a', 'b'], 2)).toBe('Used a and b');
    expect(enUS.toolsUsed(['a', 'b', 'c', 'd', 'e'], 6)).toBe('Used a, b, and 3 more tools (6 calls)');
    expect(zhCN.toolsUsed(['a', 'b', 'c'], 3)).toBe('已使用 a、b和c');
  });

  it('gives the conversation list, the timeline, A2UI and the inspector their groups', () => {
    expect(enUS.conversationList.previous7Days).toBe('Previous 7 days');
    expect(enUS.conversationList.deleted('Trip')).toBe('Deleted “Trip”');
    expect(enUS.timeline.status.waiting).toBe('Waiting for approval');
    expect(enUS.a2ui.unsupported('Chart')).toBe('Unsupported component: Chart');
    expect(enUS.inspector.copyEvent(4)).toBe('Copy event 4');
    expect(Object.keys(enUS.conversationList)).not.toContain('previousDays');
  });

  it('shows a broken message raw instead of throwing (and warns)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const strings = compileStrings({ ...en_US, approval: { ...en_US.approval, title: 'Allow {tool to run?' } });
    expect(strings.approvalTitle('x')).toBe('Allow {tool to run?');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('mergeStrings', () => {
  it('replaces texts and functions, merges groups key by key, skips undefined', () => {
    const merged = mergeStrings(enUS, { send: 'Go', stop: undefined, queue: { sendNow: 'Now' }, errorCodes: { forbidden: 'No.' }, toolDone: (tool) => `${tool} ✓` });
    expect(merged.send).toBe('Go');
    expect(merged.stop).toBe('Stop');
    expect(merged.queue.sendNow).toBe('Now');
    expect(merged.queue.list).toBe('Queued messages');
    expect(merged.errorCodes.forbidden).toBe('No.');
    expect(merged.errorCodes.unauthorized).toBe(enUS.errorCodes.unauthorized);
    expect(merged.toolDone('x')).toBe('x ✓');
    expect(enUS.send).toBe('Send');
  });
});
