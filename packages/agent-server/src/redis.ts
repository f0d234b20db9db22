/**
 * `@x/agent-server/redis`: the run log for several instances behind a load balancer. Needs the
 * optional peer `ioredis` (`npm install ioredis`); without it `redisRunLog({ url })` throws a
 * `ConfigError` naming the package.
 */
export { redisRunLog, type RedisRunLogConnection, type RedisRunLogOptions } from './runs/redis-run-log.js';
