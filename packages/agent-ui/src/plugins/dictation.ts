import { chatDictationOptions, type ComposerDictationOptions } from '../composer/dictation-options.js';
import type { AgentChatPlugin } from './plugin.js';

export type { ComposerDictationOptions };
export type { DictationStrings } from '../composer/dictation-strings.js';

/**
 * Dictation (README "Plug-ins", "Dictation"): a microphone in the composer. The browser's speech
 * recognition where it has one, else a recording sent to `POST {api}/{agentId}/transcribe` with the
 * chat's headers, credentials and fetch (options override each).
 */
export function dictation(options: ComposerDictationOptions = {}): AgentChatPlugin {
  return { name: 'dictation', options, composer: (connection) => ({ dictation: chatDictationOptions(options, connection) }) };
}
