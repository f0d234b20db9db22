import * as sdk from 'ai';
import type { DynamicToolUIPart, ToolUIPart, UIDataTypes, UIMessagePart, UITools } from 'ai';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { getStaticToolName, getToolName, isDynamicToolUIPart, isStaticToolUIPart, isToolUIPart } from './tool-parts.js';

type Part = UIMessagePart<UIDataTypes, UITools>;

const parts: Part[] = [
  { type: 'text', text: 'hi' },
  { type: 'reasoning', text: 'hmm' },
  { type: 'step-start' },
  { type: 'file', mediaType: 'image/png', url: 'data:,' },
  { type: 'data-weather', data: { city: 'Oslo' } },
  { type: 'tool-search', toolCallId: 'c1', state: 'input-available', input: { q: 'x' } },
  { type: 'tool-get-weather', toolCallId: 'c2', state: 'input-streaming', input: undefined },
  { type: 'tool-a-b-c', toolCallId: 'c3', state: 'output-available', input: {}, output: 1 },
  { type: 'tool-', toolCallId: 'c4', state: 'input-available', input: {} },
  { type: 'dynamic-tool', toolName: 'mcp-search', toolCallId: 'c5', state: 'input-available', input: {} },
  { type: 'dynamic-tool', toolName: 'x', toolCallId: 'c6', state: 'output-error', input: {}, errorText: 'no', dynamic: false },
] as Part[];

describe('tool part helpers, against the SDK', () => {
  it('classify and name every kind of part as the SDK does', () => {
    for (const part of parts) {
      expect(isToolUIPart(part), part.type).toBe(sdk.isToolUIPart(part));
      expect(isStaticToolUIPart(part), part.type).toBe(sdk.isStaticToolUIPart(part));
      expect(isDynamicToolUIPart(part), part.type).toBe(sdk.isDynamicToolUIPart(part));
      if (isToolUIPart(part)) expect(getToolName(part)).toBe(sdk.getToolName(part));
      if (isStaticToolUIPart(part)) expect(getStaticToolName(part)).toBe(sdk.getStaticToolName(part));
    }
  });

  it('agree on arbitrary part types and tool names', () => {
    const type = fc.oneof(fc.string(), fc.string().map((name) => `tool-${name}`), fc.constant('dynamic-tool'));
    fc.assert(
      fc.property(type, fc.string(), (partType, toolName) => {
        const part = { type: partType, toolName, toolCallId: 'c', state: 'input-available', input: {} } as Part;
        expect(isToolUIPart(part)).toBe(sdk.isToolUIPart(part));
        expect(isStaticToolUIPart(part)).toBe(sdk.isStaticToolUIPart(part));
        if (sdk.isToolUIPart(part)) expect(getToolName(part)).toBe(sdk.getToolName(part));
        if (sdk.isStaticToolUIPart(part)) expect(getStaticToolName(part)).toBe(sdk.getStaticToolName(part));
      }),
    );
  });

  it('have the SDK type signatures', () => {
    type Tools = { search: { input: { q: string }; output: string } };
    const part = parts[5] as UIMessagePart<UIDataTypes, Tools>;
    if (isToolUIPart(part)) expectTypeOf(part).toEqualTypeOf<ToolUIPart<Tools> | DynamicToolUIPart>();
    if (isStaticToolUIPart(part)) expectTypeOf(getStaticToolName<Tools>(part)).toEqualTypeOf<'search'>();
    expectTypeOf(isToolUIPart<Tools>).toEqualTypeOf(sdk.isToolUIPart<Tools>);
    expectTypeOf(isStaticToolUIPart<Tools>).toEqualTypeOf(sdk.isStaticToolUIPart<Tools>);
    expectTypeOf(getStaticToolName<Tools>).toEqualTypeOf(sdk.getStaticToolName<Tools>);
    expectTypeOf(getToolName).toEqualTypeOf(sdk.getToolName);
  });
});
