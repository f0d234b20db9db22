import { z } from 'zod';
import { UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import type { Scenario } from './scenario.js';
import { seenToolOutput } from './tool-output.js';

const WEATHER: Record<string, { tempC: number; sky: string }> = {
  oslo: { tempC: 3, sky: 'overcast' },
  paris: { tempC: 14, sky: 'sunny' },
  tokyo: { tempC: 18, sky: 'light rain' },
};

function cityOf(text: string): string {
  const m = /\b(?:in|for|at)\s+([A-Z][a-zA-Z-]+)/.exec(text);
  return m?.[1] ?? 'Paris';
}

export const toolCall: Scenario = {
  id: 'tool-call',
  title: 'Tool call',
  description: 'Calls a weather tool on the server and answers from its result.',
  prompt: 'What is the weather in Oslo?',
  chatTitle: 'Weather in Oslo',
  match: /\bweather\b/i,
  tools: {
    getWeather: {
      description: 'Current weather of a city.',
      inputSchema: z.object({ city: z.string().describe('City name') }),
      execute: async ({ city }: { city: string }) => ({ city, ...(WEATHER[city.toLowerCase()] ?? { tempC: 21, sky: 'clear' }) }),
    },
  },
  agent: { tools: ['getWeather'] },
  script: {
    steps: ({ stepInTurn, lastUserText, toolResults }) => {
      if (stepInTurn === 0) return [{ type: 'tool-call', toolName: 'getWeather', input: { city: cityOf(lastUserText) } }];
      const seen = seenToolOutput(toolResults.at(-1)?.output);
      if (seen.kind !== 'value') return [{ type: 'text', text: 'I could not get the weather right now.' }];
      const w = seen.value as { city: string; tempC: number; sky: string };
      return [{ type: 'text', text: `It is **${w.tempC}°C** and ${w.sky} in ${w.city}.` }];
    },
  },
};

/** Records deleted by the approval scenario (so tests can check nothing ran without approval). */
export const deletedRecords: number[] = [];

export const approval: Scenario = {
  id: 'approval',
  title: 'Approval required',
  description: 'A destructive tool waits for the user to approve or reject it.',
  prompt: 'Delete record 7',
  chatTitle: 'Deleting record 7',
  match: /\b(delete|remove)\b/i,
  tools: {
    deleteRecord: {
      description: 'Deletes a record by id. Destructive: needs the user to approve.',
      inputSchema: z.object({ id: z.number().int().describe('Record id') }),
      confirm: true,
      execute: async ({ id }: { id: number }) => {
        deletedRecords.push(id);
        return { deleted: id };
      },
    },
  },
  agent: { tools: ['deleteRecord'] },
  script: {
    steps: ({ stepInTurn, lastUserText, toolResults }) => {
      const id = Number(/\d+/.exec(lastUserText)?.[0] ?? 7);
      if (stepInTurn === 0) return [{ type: 'text', text: `I will delete record ${id}. ` }, { type: 'tool-call', toolName: 'deleteRecord', input: { id } }];
      const seen = seenToolOutput(toolResults.at(-1)?.output);
      if (seen.kind === 'denied') return [{ type: 'text', text: `Understood — record ${id} was **not** deleted${seen.reason ? ` (${seen.reason})` : ''}.` }];
      if (seen.kind === 'error') return [{ type: 'text', text: `Deleting record ${id} failed: ${seen.message}` }];
      // The record the tool deleted: the approver may have changed the id (approval with edits).
      const deleted = (seen.value as { deleted?: unknown } | undefined)?.deleted;
      return [{ type: 'text', text: `Record ${typeof deleted === 'number' ? deleted : id} is deleted.` }];
    },
  },
};

/** Fields the shared-state scenario writes; `isAdmin` is one a page should never expose. */
export const SHARED_STATE_UPDATES = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  isAdmin: true,
};

export const sharedState: Scenario = {
  id: 'shared-state',
  title: 'Fill the form',
  description: 'Writes page state through update-page-state, including a key the page did not expose.',
  prompt: 'Fill the form for Ada Lovelace',
  chatTitle: 'Form for Ada Lovelace',
  match: /\b(fill|form)\b/i,
  script: {
    steps: ({ stepInTurn, toolNames, toolResults }) => {
      if (!toolNames.includes(UPDATE_PAGE_STATE_TOOL)) {
        return [{ type: 'text', text: 'This page shares no state with me, so there is no form I can fill.' }];
      }
      if (stepInTurn === 0) return [{ type: 'tool-call', toolName: UPDATE_PAGE_STATE_TOOL, input: { updates: SHARED_STATE_UPDATES } }];
      const seen = seenToolOutput(toolResults.at(-1)?.output);
      if (seen.kind !== 'value') return [{ type: 'text', text: `The page refused the update: ${seen.kind === 'error' ? seen.message : 'denied'}.` }];
      const out = seen.value as { written?: string[]; ignored?: string[] };
      const ignored = out.ignored?.length ? ` It ignored ${out.ignored.map((k) => `\`${k}\``).join(', ')}.` : '';
      return [{ type: 'text', text: `I filled ${(out.written ?? []).map((k) => `\`${k}\``).join(', ') || 'nothing'}.${ignored}` }];
    },
  },
};

export const subAgent: Scenario = {
  id: 'sub-agent',
  title: 'Sub-agent',
  description: 'Delegates research to another agent and reports its answer.',
  prompt: 'Research the history of the teapot',
  chatTitle: 'History of the teapot',
  match: /\b(research|delegate|investigate)/i,
  subAgents: {
    researcher: {
      instructions: 'You research topics and answer with three short facts.',
      script: {
        chunkDelayMs: 5,
        steps: ({ lastUserText }) => [
          { type: 'text', text: `Three facts about ${lastUserText.replace(/^.*?(of|about)\s+/i, '') || 'that'}: it is old, it is widespread, and it is still changing.` },
        ],
      },
    },
  },
  agent: { agents: [{ agent: 'researcher', description: 'Delegate research questions to the researcher agent.' }] },
  script: {
    steps: ({ stepInTurn, lastUserText, toolResults }) => {
      if (stepInTurn === 0) return [{ type: 'text', text: 'Let me ask the researcher. ' }, { type: 'tool-call', toolName: 'researcher', input: { task: lastUserText } }];
      const seen = seenToolOutput(toolResults.at(-1)?.output);
      const answer = seen.kind === 'value' ? String(typeof seen.value === 'string' ? seen.value : JSON.stringify(seen.value)) : 'nothing';
      return [{ type: 'text', text: `The researcher says: ${answer}` }];
    },
  },
};

export const agenticTurn: Scenario = {
  id: 'agentic-20',
  title: '20 tool calls',
  description: 'An agentic turn: 20 order lookups in 4 rounds of 5, then a summary.',
  prompt: 'Check the status of all 20 open orders',
  chatTitle: 'Status of 20 open orders',
  match: /\b(orders?|agentic|20)\b/i,
  tools: {
    lookupOrder: {
      description: 'Looks up the status of one order.',
      inputSchema: z.object({ orderId: z.string() }),
      execute: async ({ orderId }: { orderId: string }) => ({ orderId, status: Number(orderId.slice(1)) % 3 === 0 ? 'delayed' : 'shipped' }),
    },
  },
  agent: { tools: ['lookupOrder'], maxSteps: 6 },
  script: {
    chunkDelayMs: 5,
    steps: ({ stepInTurn, toolResults }) => {
      if (stepInTurn < 4) {
        return Array.from({ length: 5 }, (_, i) => ({
          type: 'tool-call' as const,
          toolName: 'lookupOrder',
          input: { orderId: `o${stepInTurn * 5 + i + 1}` },
        }));
      }
      const delayed = toolResults
        .map((r) => seenToolOutput(r.output))
        .filter((s) => s.kind === 'value' && (s.value as { status?: string }).status === 'delayed').length;
      return [{ type: 'text', text: `I checked ${toolResults.length} orders: ${toolResults.length - delayed} shipped, ${delayed} delayed.` }];
    },
  },
};
