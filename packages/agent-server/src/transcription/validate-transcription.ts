import { checkKnownKeys, isObject, isPositiveInt, type IssueList } from '../config/config-checks.js';

const KEYS = ['model', 'connection', 'maxAudioBytes', 'providerOptions'];

/** Checks `config.transcription` (see {@link TranscriptionConfig}); `connections` is the raw record. */
export function checkTranscription(list: IssueList, value: unknown, connections: unknown): void {
  if (value === undefined) return;
  if (!isObject(value)) {
    list.add('transcription', 'must be { model, connection?, maxAudioBytes?, providerOptions? }');
    return;
  }
  checkKnownKeys(list, 'transcription', value, KEYS);
  const { model, connection, maxAudioBytes, providerOptions } = value;
  if (typeof model === 'string') {
    const entry = typeof connection === 'string' && isObject(connections) && Object.hasOwn(connections, connection) ? connections[connection] : undefined;
    if (connection === undefined) list.add('transcription.connection', 'is required for a model id string (or give a transcription model object)');
    else if (!isObject(entry)) list.add('transcription.connection', `unknown connection ${JSON.stringify(connection)}`);
    else if (entry.provider !== 'openai') list.add('transcription.connection', 'must be an "openai" connection (give a model object for other providers)');
  } else if (!isObject(model) || typeof model.doGenerate !== 'function') {
    list.add('transcription.model', 'must be an AI SDK transcription model (an object with doGenerate) or a model id string');
  }
  if (maxAudioBytes !== undefined && !isPositiveInt(maxAudioBytes)) list.add('transcription.maxAudioBytes', 'must be a positive integer');
  if (providerOptions !== undefined && !isObject(providerOptions)) list.add('transcription.providerOptions', 'must be an object');
}
