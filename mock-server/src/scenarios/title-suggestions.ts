import { SUGGESTIONS_PART } from '@x/agent-protocol';
import { scriptedModel } from '../scripted-model.js';
import type { Scenario, HookDefinition } from './scenario.js';

/** A title model: the first words of the user's message, capitalised. */
export const titleModel = scriptedModel(
  {
    chunkDelayMs: 0,
    steps: ({ lastUserText }) => {
      const words = lastUserText.replace(/[^\p{L}\p{N}\s'-]/gu, ' ').trim().split(/\s+/).filter(Boolean).slice(0, 6);
      const title = words.join(' ') || 'New conversation';
      return [{ type: 'text', text: title.charAt(0).toUpperCase() + title.slice(1) }];
    },
  },
  { modelId: 'title' },
);

/** An onFinish hook that writes `data-suggestions` after every reply. */
export function suggestionsHook(items: string[] | ((replyText: string) => string[])): HookDefinition {
  return (event) => {
    if (event.hook !== 'onFinish' || event.isAborted) return undefined;
    const reply = event.responseMessage.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
    return { dataParts: [{ type: SUGGESTIONS_PART, data: { items: typeof items === 'function' ? items(reply) : items } }] };
  };
}

export const titleAndSuggestions: Scenario = {
  id: 'title-suggestions',
  title: 'Title + suggestions',
  description: 'The first turn generates a conversation title; an onFinish hook adds follow-up suggestions.',
  prompt: 'Plan a weekend trip to Lisbon',
  match: /\b(plan|trip|suggest)/i,
  hooks: { suggestFollowUps: suggestionsHook(['Add a day in Sintra', 'Find a place to eat', 'What is the weather in Lisbon?']) },
  agent: { generateTitle: { model: titleModel }, hooks: { onFinish: ['suggestFollowUps'] } },
  script: {
    chunkDelayMs: 10,
    steps: [[{ type: 'text', text: 'Day 1: Alfama and the castle. Day 2: Belém, pastéis de nata, and a sunset at the Tagus.' }]],
  },
};
