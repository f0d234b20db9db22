import { describeRunLog } from '../testing/run-log-suite.js';
import { memoryRunLog } from './memory-run-log.js';

describeRunLog('memoryRunLog', ({ expireAfterMs }) => {
  const log = memoryRunLog({ expireAfterMs });
  return { a: log, b: log };
});
