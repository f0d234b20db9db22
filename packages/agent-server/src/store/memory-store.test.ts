import { describeConversationStore } from '../testing/conversation-store-suite.js';
import { memoryStore } from './memory-store.js';

describeConversationStore('memoryStore', () => memoryStore());
