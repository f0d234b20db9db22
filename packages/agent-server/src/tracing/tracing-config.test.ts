import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import type { AgentServerConfig } from '../config/types.js';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { recordingLogger } from '../test-utils/model-parts.js';

function issuesOf(config: AgentServerConfig) {
  try {
    createAgentServer(config);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues;
  }
  throw new Error('expected a ConfigError');
}

const agents = { assistant: { model: mockModel(textParts('x')) } };

describe('config: tracing', () => {
  it('accepts { recordInputs, recordOutputs } booleans', () => {
    expect(() => createAgentServer({ agents, tracing: { recordInputs: true, recordOutputs: false }, logger: recordingLogger() })).not.toThrow();
  });

  it('names each bad value with its path', () => {
    expect(issuesOf({ agents, tracing: { recordInputs: 'yes', recordOutput: true } as never, logger: recordingLogger() })).toEqual([
      { path: 'tracing.recordOutput', message: 'unknown key (expected one of recordInputs, recordOutputs)' },
      { path: 'tracing.recordInputs', message: 'must be a boolean' },
    ]);
    expect(issuesOf({ agents, tracing: true as never, logger: recordingLogger() })).toEqual([{ path: 'tracing', message: 'must be { recordInputs?, recordOutputs? }' }]);
  });
});
