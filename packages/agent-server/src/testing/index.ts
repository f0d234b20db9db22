export { describeConversationStore } from './conversation-store-suite.js';
