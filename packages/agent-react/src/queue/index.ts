/**
 * `@x/agent-react/queue`: the send queue, as a separate import (`useAgentChat({ queue: sendQueue })`).
 * See the package README, "The send queue". The same exports as `@x/agent-core/queue`.
 */
export { sendQueue, type SendQueue } from '@x/agent-core/queue';
