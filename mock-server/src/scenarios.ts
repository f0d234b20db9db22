import type { Script } from './script.js';

/** A plain streamed text answer. */
export const plainTextScenario: Script = {
  steps: [[{ type: 'text', text: 'Hello! I am a scripted agent. Every word of this reply streams on its own.' }]],
};

/** The default demo agent: answers every message in streamed markdown, quoting the user's words. */
export const echoScenario: Script = {
  chunkDelayMs: 25,
  steps: ({ lastUserText }) => [
    {
      type: 'text',
      text:
        `You said: **${lastUserText.trim() || '(nothing)'}**\n\n` +
        'This reply comes from the mock model, streamed token by token through the real ' +
        '`@x/agent-server` route. Set `ANTHROPIC_API_KEY` or `OPENAI_API_KEY` to talk to a real model.',
    },
  ],
};

/** A reply that fails mid-stream. */
export const errorMidStreamScenario: Script = {
  steps: [
    [
      { type: 'text', text: 'Let me look that up for you… ' },
      { type: 'error', message: 'Upstream model failure (scripted).' },
    ],
  ],
};
