/**
 * `@x/agent-core/queue`: the send queue, as a separate import (`createAgentChat({ queue: sendQueue })`).
 * See `@x/agent-react`'s README, "The send queue".
 */
export { sendQueue } from './send-queue.js';
export type { SendQueue } from '../types.js';
