import type { Scenario } from './scenario.js';

export const plainText: Scenario = {
  id: 'plain-text',
  title: 'Plain text',
  description: 'A short streamed answer.',
  prompt: 'Say hello',
  match: /^\s*(hello|hi|hey)\b|\bsay hello\b/i,
  // 50 ms between words (not the default 20): the reply visibly streams even on a loaded machine
  // (e2e chat-streams.spec.ts counts the lengths it grows through): about timing, so it keeps its
  // pace on a server that plays the others at once.
  pace: 'real',
  script: { chunkDelayMs: 50, steps: [[{ type: 'text', text: 'Hello! I am a scripted agent. Every word of this reply streams on its own.' }]] },
};

export const LONG_MARKDOWN = `# Release notes

The agent kit streams **markdown** as it arrives: headings, lists, tables and code.

## What changed

- Replies render *while* they stream, block by block.
- Finished blocks are never parsed again.
- Links such as [the docs](https://example.com/docs) open in a new tab, safely.

| Metric | Before | After |
| --- | ---: | ---: |
| Commits per token | 1.00 | 0.12 |
| Parse work per update | O(n) | O(tail) |
| DOM nodes at 1,000 messages | 48,000 | 3,100 |

\`\`\`ts
import { createAgentServer } from '@x/agent-server';

export const server = createAgentServer({
  agents: { assistant: { model, instructions: 'Be brief.' } },
});
\`\`\`

1. Install the packages.
2. Wire the route.
3. Render \`<AgentChat agentId="assistant" />\`.

> Tip: everything above arrived as a stream of small chunks.
`;

export const longMarkdown: Scenario = {
  id: 'long-markdown',
  title: 'Long markdown',
  description: 'Headings, lists, a table and a code block, streamed.',
  prompt: 'Show me some markdown with a table and code',
  chatTitle: 'Markdown table and code',
  match: /markdown|table|code/i,
  script: { chunkDelayMs: 8, steps: [[{ type: 'text', text: LONG_MARKDOWN }]] },
};

export const reasoning: Scenario = {
  id: 'reasoning',
  title: 'Reasoning',
  description: 'A reasoning block, then the answer.',
  prompt: 'Think about the best time to water plants',
  chatTitle: 'Best time to water plants',
  match: /\b(think|reason|ponder)/i,
  script: {
    chunkDelayMs: 15,
    steps: [
      [
        {
          type: 'reasoning',
          text: 'Plants lose water to evaporation in the heat of the day. Watering early lets the water reach the roots before the sun is strong, and leaves dry before evening, which avoids fungus.',
        },
        { type: 'text', text: 'Water **early in the morning**: less evaporation, and the leaves dry before night.' },
      ],
    ],
  },
};

export const errorMidStream: Scenario = {
  id: 'error',
  title: 'Error mid-stream',
  description: 'The model fails after a few words.',
  prompt: 'Trigger an error',
  chatTitle: 'Error demo',
  match: /\b(error|fail|break)/i,
  script: {
    steps: [[{ type: 'text', text: 'Let me look that up for you… ' }, { type: 'error', message: 'Upstream model failure (scripted).' }]],
  },
};

export const slowStream: Scenario = {
  id: 'slow',
  title: 'Slow stream',
  description: 'A long answer at a slow pace: try Stop.',
  prompt: 'Tell me a slow story',
  chatTitle: 'A slow story',
  match: /\b(slow|story)/i,
  pace: 'real',
  script: {
    chunkDelayMs: 120,
    steps: [
      [
        {
          type: 'text',
          text: 'Once upon a time, in a valley between two quiet hills, there lived a clockmaker who built clocks that ran backwards. '.repeat(6),
        },
      ],
    ],
  },
};

/**
 * Five numbered paragraphs at a slow pace, each with words no other paragraph has: a test can
 * reload or drop the connection mid-reply and check that every paragraph is there exactly once.
 */
export const PARAGRAPHS = ['amber', 'birch', 'cobalt', 'dune', 'ember'].map(
  (word, i) => `Paragraph ${i + 1} (${word}): the ${word} lantern swings over the harbour while the ${word} tide comes in, slow and steady.`,
);

/** The gate the paragraphs reply holds at, after its second paragraph. */
export const PARAGRAPHS_GATE = 'paragraphs';

export const slowParagraphs: Scenario = {
  id: 'paragraphs',
  title: 'Slow paragraphs',
  description: 'Five numbered paragraphs, slowly: reload or go offline mid-reply and it continues.',
  prompt: 'Write five numbered paragraphs',
  chatTitle: 'Five numbered paragraphs',
  match: /\bparagraphs\b/i,
  script: {
    chunkDelayMs: 90,
    // With gates (an e2e run's playground), the reply holds after the second paragraph until the spec
    // opens `paragraphs` (it has reloaded, gone offline, switched away): mid-reply for sure, on any
    // machine, at any pace. Without gates it streams on.
    steps: [
      [
        { type: 'text', text: `${PARAGRAPHS.slice(0, 2).join('\n\n')}\n\n` },
        { type: 'gate', name: PARAGRAPHS_GATE },
        { type: 'text', text: PARAGRAPHS.slice(2).join('\n\n') },
      ],
    ],
  },
};

const failedOnce = new Set<string>();

/**
 * Fails the first time a given message is asked (per server process), answers on the retry: for
 * testing error → retry end to end.
 */
export const flaky: Scenario = {
  id: 'flaky',
  title: 'Flaky (fails once)',
  description: 'Fails the first time; Retry succeeds.',
  prompt: 'Try a flaky request',
  chatTitle: 'Flaky request',
  match: /\bflaky\b/i,
  script: {
    steps: ({ lastUserText }) => {
      if (failedOnce.has(lastUserText)) return [{ type: 'text', text: 'Second time lucky: this answer came through on the retry.' }];
      failedOnce.add(lastUserText);
      return [{ type: 'text', text: 'Starting… ' }, { type: 'error', message: 'Transient upstream failure (scripted).' }];
    },
  },
};
