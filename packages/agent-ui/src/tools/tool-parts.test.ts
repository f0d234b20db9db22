import type { AgentUIMessagePart } from '@x/agent-protocol';
import { describe, expect, it } from 'vitest';
import { sameToolCall, toolCallOf } from './tool-parts.js';

const part = (extra: object) => ({ type: 'tool-getWeather', toolCallId: 't1', ...extra }) as unknown as AgentUIMessagePart;

describe('tool parts', () => {
  it('flattens static and dynamic (MCP) tool parts and ignores the rest', () => {
    expect(toolCallOf(part({ state: 'output-available', input: { city: 'Oslo' }, output: { tempC: 3 } }))).toEqual({
      toolCallId: 't1',
      toolName: 'getWeather',
      state: 'output-available',
      input: { city: 'Oslo' },
      output: { tempC: 3 },
    });
    const dynamic = { type: 'dynamic-tool', toolName: 'mcp_echo', toolCallId: 'd1', state: 'input-available', input: {} } as unknown as AgentUIMessagePart;
    expect(toolCallOf(dynamic)?.toolName).toBe('mcp_echo');
    expect(toolCallOf({ type: 'text', text: 'hi' } as AgentUIMessagePart)).toBeUndefined();
  });

  it('treats re-cloned views of a settled call as the same, and any state change as different', () => {
    const a = toolCallOf(part({ state: 'output-available', input: { city: 'Oslo' }, output: { tempC: 3 } }))!;
    const b = toolCallOf(part({ state: 'output-available', input: { city: 'Oslo' }, output: { tempC: 3 } }))!;
    expect(a).not.toBe(b);
    expect(sameToolCall(a, b)).toBe(true);
    expect(sameToolCall(a, toolCallOf(part({ state: 'output-error', input: {}, errorText: 'x' }))!)).toBe(false);
    const streaming = toolCallOf(part({ state: 'input-streaming', input: { city: 'O' } }))!;
    expect(sameToolCall(streaming, toolCallOf(part({ state: 'input-streaming', input: { city: 'Os' } }))!)).toBe(false);
    const preliminary = toolCallOf(part({ state: 'output-available', input: {}, output: 1, preliminary: true }))!;
    expect(sameToolCall(preliminary, { ...preliminary })).toBe(false);
  });
});
