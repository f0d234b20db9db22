import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-protocol';
import { createAgentServer } from '@x/agent-server';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { z } from 'zod';
import { AgentChat } from '../chat/agent-chat.js';
import { AgentMessage } from './agent-message.js';
import { AgentUIProvider } from '../config.js';
import { enUS } from '../locales/built-in.js';
import { MessageContextProvider, type MessageContextValue, type ToolRendererProps } from '../chat/message-context.js';
import { noopHandlers } from '../test-utils/message-context.js';

// Tool cards are in the on-demand chunk: load it first, so the assertions see them rather than their stand-ins.
beforeAll(() => preloadOnDemand());

/** 10 settled default-card calls (`lookup`) and 10 settled custom-rendered calls (`chart`). */
function toolParts(): AgentUIMessagePart[] {
  return Array.from({ length: 20 }, (_, i) => ({
    type: i % 2 ? 'tool-chart' : 'tool-lookup',
    toolCallId: `call-${i}`,
    state: 'output-available',
    input: { query: `q${i}` },
    output: { rows: Array.from({ length: 50 }, (__, r) => ({ r, value: `v${i}-${r}` })) },
  })) as unknown as AgentUIMessagePart[];
}

/** Counts renders through public seams: the default card calls `strings.toolDone`, a custom renderer runs. */
function setup() {
  const counts = { card: 0, custom: 0, lastCustomText: '' };
  const locale = {
    ...enUS,
    toolDone: (tool: string) => {
      counts.card += 1;
      return enUS.toolDone(tool);
    },
  };
  const Chart = ({ call, message }: ToolRendererProps) => {
    counts.custom += 1;
    counts.lastCustomText = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
    return <div role="img" aria-label={`chart ${call.toolCallId}`} />;
  };
  const context: MessageContextValue = { display: {}, toolRenderers: { chart: Chart }, dataRenderers: undefined, handlers: noopHandlers };
  const view = (message: AgentUIMessage, streaming: boolean) => (
    <AgentUIProvider locale={locale}>
      <MessageContextProvider value={context}>
        <AgentMessage message={message} streaming={streaming} />
      </MessageContextProvider>
    </AgentUIProvider>
  );
  return { counts, view };
}

const TOKENS = 'The twenty lookups agree: every region reports the same totals, so the numbers hold.'.split(' ');

describe('MessageParts: tool parts while later text streams', () => {
  for (const mode of ['kept', 'cloned'] as const) {
    it(`renders no tool part per streamed text token (${mode === 'kept' ? 'store keeps part identity' : 'parts cloned per update, as useChat does'})`, () => {
      const { counts, view } = setup();
      const tools = toolParts();
      const messageWith = (text: string): AgentUIMessage => ({
        id: 'a1',
        role: 'assistant',
        parts: [...(mode === 'kept' ? tools : tools.map((part) => structuredClone(part))), { type: 'text', text }],
      });
      const { rerender } = render(view(messageWith(''), true));
      expect(counts).toMatchObject({ card: 10, custom: 10 });
      expect(screen.getAllByRole('img', { name: /^chart / })).toHaveLength(10);

      let text = '';
      for (const token of TOKENS) {
        text += (text ? ' ' : '') + token;
        rerender(view(messageWith(text), true));
      }
      expect(screen.getByText(/so the numbers hold\./)).toBeInTheDocument();
      // 14 text updates, 0 renders of the 20 tool parts (default cards and custom renderers alike).
      expect(counts).toMatchObject({ card: 10, custom: 10 });

      // The stream ends: custom renderers render once more and see the complete message; default cards do not.
      rerender(view(messageWith(text), false));
      expect(counts).toMatchObject({ card: 10, custom: 20, lastCustomText: text });
    });
  }

  it('re-renders only the tool part whose call changed', () => {
    const { counts, view } = setup();
    const tools = toolParts();
    const running = { ...(tools[0] as object), state: 'input-available', output: undefined } as unknown as AgentUIMessagePart;
    const message = (first: AgentUIMessagePart, text: string): AgentUIMessage => ({
      id: 'a1',
      role: 'assistant',
      parts: [first, ...tools.slice(1), { type: 'text', text }],
    });
    const { rerender } = render(view(message(running, ''), true));
    expect(screen.getByRole('group', { name: 'Running lookup…' })).toBeInTheDocument();
    const before = { ...counts };
    rerender(view(message(tools[0]!, 'Done.'), true));
    expect(screen.getByText('Done.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Running lookup…' })).toBeNull();
    // The finished call's card renders (title "lookup finished"); the other 19 parts do not.
    expect(counts.card).toBe(before.card + 1);
    expect(counts.custom).toBe(before.custom);
  });
});

// An agentic turn as in the benchmark's S7: 20 tool calls in one step, then a streamed answer.
const agenticServer = createAgentServer({
  tools: {
    lookup: {
      description: 'Looks a region up.',
      inputSchema: z.object({ region: z.number() }),
      execute: async ({ region }: { region: number }) => ({ region, rows: Array.from({ length: 40 }, (_, r) => ({ r, total: region * 100 + r })) }),
    },
    chart: {
      description: 'Charts a region.',
      inputSchema: z.object({ region: z.number() }),
      execute: async ({ region }: { region: number }) => ({ region, points: [1, 2, 3] }),
    },
  },
  agents: {
    agentic: {
      tools: ['lookup', 'chart'],
      model: scriptedModel({
        chunkDelayMs: 15,
        steps: ({ stepInTurn }) =>
          stepInTurn === 0
            ? Array.from({ length: 20 }, (_, i) => ({ type: 'tool-call' as const, toolName: i % 2 ? 'chart' : 'lookup', input: { region: i } }))
            : [
                { type: 'text', text: `${'All twenty regions report the same totals, so the numbers hold. '.repeat(6)}Done.`, chunk: 8 },
                // Still streaming for a moment after the last text: the counts below are read inside the stream.
                { type: 'delay', ms: 400 },
              ],
      }),
    },
  },
});

describe('MessageParts in a real agentic turn', () => {
  it('renders none of the 20 settled tool parts while the answer streams (useChat updates, store snapshots)', async () => {
    const { counts, locale, toolRenderers } = (() => {
      const c = { card: 0, custom: 0 };
      return {
        counts: c,
        locale: {
          ...enUS,
          toolDone: (tool: string) => {
            c.card += 1;
            return enUS.toolDone(tool);
          },
        },
        toolRenderers: {
          chart: ({ call }: ToolRendererProps) => {
            c.custom += 1;
            return <div role="img" aria-label={`chart ${call.toolCallId}`} />;
          },
        },
      };
    })();
    const user = userEvent.setup();
    render(<AgentChat agentId="agentic" toolRenderers={toolRenderers} chatOptions={{ fetch: inProcessFetch(agenticServer) }} ui={{ locale }} />);
    await user.type(screen.getByRole('textbox'), 'Check every region{Enter}');
    const log = screen.getByRole('log');
    // All calls settled and the answer started.
    await within(log).findByText(/All twenty regions/, {}, { timeout: 15_000 });
    expect(within(log).getAllByRole('group', { name: 'lookup finished' })).toHaveLength(10);
    expect(within(log).getAllByRole('img', { name: /^chart / })).toHaveLength(10);
    const before = { ...counts };
    await within(log).findByText(/Done\./, {}, { timeout: 15_000 });
    const reply = log.querySelector('[data-xagent-message="assistant"]')!;
    expect(reply).toHaveAttribute('data-streaming');
    // ~60 streamed updates of the answer, 0 renders of the tool parts (default cards and custom renderers).
    expect(counts).toEqual(before);
    await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'false'));
  });
});

describe('MessageParts: text parts in a row', () => {
  it('two text parts of one reply keep a paragraph gap between them', () => {
    const { view } = setup();
    const message = {
      id: 'a1',
      role: 'assistant',
      parts: [{ type: 'step-start' }, { type: 'text', text: 'The first paragraph.' }, { type: 'text', text: 'The second paragraph.' }],
    } as AgentUIMessage;
    render(view(message, false));
    const first = screen.getByText('The first paragraph.');
    const second = screen.getByText('The second paragraph.');
    // Each text part is a markdown root of its own; the last paragraph of a root has no bottom margin.
    const [one, two] = [first.closest('.x-agent-md')!, second.closest('.x-agent-md')!];
    expect(one).not.toBe(two);
    expect(getComputedStyle(first).marginBottom).toMatch(/^0(px)?$/);
    expect(parseFloat(getComputedStyle(two).marginTop)).toBeGreaterThan(0);
    expect(getComputedStyle(one).marginTop).toMatch(/^(0(px)?)?$/);
  });
});
