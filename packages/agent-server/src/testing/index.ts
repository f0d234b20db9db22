export { describeConversationStore } from './conversation-store-suite.js';
export { describeBlobStore } from './blob-store-suite.js';
export { describeRunLog, type RunLogPair } from './run-log-suite.js';
