// The hooks' tests drive the same real server as the core's tests: one helper, kept beside the core.
export * from '../../../agent-core/src/test-utils/test-server.js';
