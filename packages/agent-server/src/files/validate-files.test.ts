import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import type { AgentServerConfig } from '../config/types.js';
import { createAgentServer } from '../server.js';
import { mockModel } from '../test-utils/mock-model.js';
import { fileSystemBlobStore } from './fs-blob-store.js';

const silent = { warn: () => {}, error: () => {} };

function issuesOf(files: unknown): { path: string; message: string }[] {
  try {
    // `as AgentServerConfig`: the point is a config with wrong values, as a file could hold.
    createAgentServer({ logger: silent, agents: { a: { model: mockModel() } }, files } as AgentServerConfig);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues;
  }
  throw new Error('expected a ConfigError');
}

describe('config.files', () => {
  it('lists every problem of files at once, each with its path', () => {
    const issues = issuesOf({ store: { put() {} }, maxFileBytes: -1, mediaTypes: ['image/*', 'not a type'], urlTtlSeconds: 1.5, orphanTtlMs: '1d', extra: true });
    expect(issues.map((i) => i.path).sort()).toEqual(['files.extra', 'files.maxFileBytes', 'files.mediaTypes[1]', 'files.orphanTtlMs', 'files.store', 'files.urlTtlSeconds']);
    expect(issuesOf('yes')).toEqual([{ path: 'files', message: expect.stringContaining('store') }]);
    expect(issuesOf({ store: fileSystemBlobStore({ dir: '/tmp/unused' }), mediaTypes: [] }).map((i) => i.path)).toEqual(['files.mediaTypes']);
  });

  it('accepts a blob store with the defaults', () => {
    expect(() => createAgentServer({ logger: silent, agents: { a: { model: mockModel() } }, files: { store: fileSystemBlobStore({ dir: '/tmp/unused' }) } })).not.toThrow();
  });
});
