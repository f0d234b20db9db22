import type { Script } from './script.js';
import { errorMidStream, plainText } from './scenarios/text-scenarios.js';

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

/** The script of `scenarios.plainText`. */
export const plainTextScenario: Script = plainText.script;
/** The script of `scenarios.errorMidStream`. */
export const errorMidStreamScenario: Script = errorMidStream.script;
