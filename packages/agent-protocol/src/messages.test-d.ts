// Type tests (vitest --typecheck): they fail the run when a type stops narrowing or checking.
import type { ChatAddToolOutputFunction } from 'ai';
import { describe, expectTypeOf, it } from 'vitest';
import type { AgentUIMessage } from './messages.js';
import type { UpdatePageStateOutput } from './page-state.js';

type Tools = { weather: { input: { city: string }; output: { tempF: number } } };
type Part = AgentUIMessage<Tools>['parts'][number];

describe('AgentUIMessage typing', () => {
  it('narrows app tool parts by type: input and output are the tool’s', () => {
    // (while the input streams it may be partial, so the city may still be missing)
    const city = (part: Part) => (part.type === 'tool-weather' ? part.input?.city : undefined);
    expectTypeOf(city).returns.toEqualTypeOf<string | undefined>();
    const output = (part: Part) => (part.type === 'tool-weather' && part.state === 'output-available' ? part.output : undefined);
    expectTypeOf(output).returns.toEqualTypeOf<{ tempF: number } | undefined>();
    const pageState = (part: Part) => (part.type === 'tool-update-page-state' && part.state === 'output-available' ? part.output : undefined);
    expectTypeOf(pageState).returns.toEqualTypeOf<UpdatePageStateOutput | undefined>();
  });

  it('lets addToolOutput check each tool’s output, platform tools included', () => {
    type Add = ChatAddToolOutputFunction<AgentUIMessage<Tools>>;
    type Args = Parameters<Add>[0];
    expectTypeOf({ tool: 'weather' as const, toolCallId: 't', output: { tempF: 1 } }).toExtend<Args>();
    expectTypeOf({ tool: 'update-page-state' as const, toolCallId: 't', output: { ok: true as const, written: ['a'] } }).toExtend<Args>();
    // not the tool's output type
    expectTypeOf({ tool: 'weather' as const, toolCallId: 't', output: { tempC: 1 } }).not.toExtend<Args>();
    // no such tool
    expectTypeOf({ tool: 'nope' as const, toolCallId: 't', output: {} }).not.toExtend<Args>();
  });

  it('keeps untyped transcripts open to any tool', () => {
    expectTypeOf<AgentUIMessage['parts'][number]>().toExtend<{ type: string }>();
    expectTypeOf({ type: 'tool-anything' as const, toolCallId: 'c', state: 'input-available' as const, input: { x: 1 } }).toExtend<AgentUIMessage['parts'][number]>();
  });
});
