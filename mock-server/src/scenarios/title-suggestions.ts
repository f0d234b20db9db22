import { SUGGESTIONS_PART } from '@x/agent-protocol';
import type { UIMessage } from 'ai';
import { scriptedModel } from '../scripted-model.js';
import type { Scenario, HookDefinition } from './scenario.js';
import { keywordTitle } from './keyword-title.js';

/**
 * A title model. A scenario's own prompt gets the scenario's scripted `chatTitle` (what a model
 * would summarise it as: "Plan a weekend trip to Lisbon" → "Weekend in Lisbon"); any other message
 * gets a keyword title (filler dropped, at most five words: "What is the weather in Tokyo?" →
 * "Weather in Tokyo").
 */
export function titleModelFor(scenarios: readonly Pick<Scenario, 'prompt' | 'chatTitle'>[]) {
  return scriptedModel(
    {
      chunkDelayMs: 0,
      steps: ({ lastUserText }) => {
        const scenario = scenarios.find((s) => s.chatTitle && sameQuestion(s.prompt, lastUserText));
        return [{ type: 'text', text: scenario?.chatTitle ?? keywordTitle(lastUserText) }];
      },
    },
    { modelId: 'title' },
  );
}

/** A title model with keyword titles only (no scenario knowledge). */
export const titleModel = titleModelFor([]);

/** What a suggestions function is given: the reply's text and the question it answered. */
export type SuggestionsFor = (replyText: string, question: string) => string[];

/**
 * An onFinish hook that writes `data-suggestions` after every reply. A suggestion that repeats the
 * question just asked is left out (and the part is not written when nothing is left).
 */
export function suggestionsHook(items: string[] | SuggestionsFor): HookDefinition {
  return (event) => {
    if (event.hook !== 'onFinish' || event.isAborted) return undefined;
    const reply = textOf(event.responseMessage);
    const question = textOf(event.messages.filter((m) => m.role === 'user').at(-1));
    const list = (typeof items === 'function' ? items(reply, question) : items).filter((item) => !sameQuestion(item, question));
    if (list.length === 0) return undefined;
    return { dataParts: [{ type: SUGGESTIONS_PART, data: { items: list } }] };
  };
}

/** Same words, ignoring case, spacing and punctuation. */
export function sameQuestion(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return norm(a) === norm(b);
}

function textOf(message: UIMessage | undefined): string {
  return message ? message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
}

const LISBON_FOLLOW_UPS = ['Add a day in Sintra', 'Find a place to eat', 'What is the weather in Lisbon?'];
const LISBON = { prompt: 'Plan a weekend trip to Lisbon', chatTitle: 'Weekend in Lisbon' };

export const titleAndSuggestions: Scenario = {
  id: 'title-suggestions',
  title: 'Title + suggestions',
  description: 'The first turn generates a conversation title; an onFinish hook adds follow-up suggestions.',
  ...LISBON,
  suggestions: LISBON_FOLLOW_UPS,
  match: /\b(plan|trip|suggest)/i,
  hooks: { suggestFollowUps: suggestionsHook(LISBON_FOLLOW_UPS) },
  agent: { generateTitle: { model: titleModelFor([LISBON]) }, hooks: { onFinish: ['suggestFollowUps'] } },
  script: {
    chunkDelayMs: 10,
    steps: [[{ type: 'text', text: 'Day 1: Alfama and the castle. Day 2: Belém, pastéis de nata, and a sunset at the Tagus.' }]],
  },
};
