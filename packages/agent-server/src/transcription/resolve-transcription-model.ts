import type { TranscriptionModel } from 'ai';
import { loadProvider, type ConnectionConfig } from '../providers/index.js';
import type { TranscriptionConfig } from './transcription-config.js';

/**
 * The transcription model of `config.transcription`: a model object as it is; a string id through its
 * `openai` connection (checked at startup), whose package `@ai-sdk/openai` loads on first use.
 */
export async function resolveTranscriptionModel(transcription: TranscriptionConfig, connections: Record<string, ConnectionConfig> | undefined): Promise<TranscriptionModel> {
  const { model, connection } = transcription;
  if (typeof model !== 'string' || connection === undefined) return model;
  const entry = connections && Object.hasOwn(connections, connection) ? connections[connection] : undefined;
  if (!entry) throw new Error(`Unknown connection "${connection}".`); // unreachable after validation
  const { provider: _provider, createModel: _createModel, api: _api, ...rest } = entry;
  const settings = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const openai = (await loadProvider('openai', 'transcription.connection'))(settings);
  if (!openai.transcription) throw new TypeError('"@ai-sdk/openai" has no transcription models: install a version in the range @x/agent-server names');
  return openai.transcription(model);
}
