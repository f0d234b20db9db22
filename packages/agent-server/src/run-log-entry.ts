/**
 * `@x/agent-server/run-log`: the run log contract (`RunLog`: the events of a streaming run, kept so
 * that a reload or a second instance can re-attach and Stop it) and the in-process log
 * (`memoryRunLog`). Several instances share `redisRunLog` from `@x/agent-server/redis`.
 */
export * from './runs/index.js';
