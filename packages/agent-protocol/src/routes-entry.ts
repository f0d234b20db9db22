/**
 * `@x/agent-protocol/routes`: the routes beside the chat turn — conversations, resumable runs, run
 * records, the live event stream, generate (no streaming), transcription and files: their paths, bodies and answers.
 */
export * from './conversations.js';
export * from './runs.js';
export * from './live-events.js';
export * from './run-records.js';
export * from './generate.js';
export * from './transcription.js';
export * from './files.js';
