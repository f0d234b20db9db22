import { describe, expect, it } from 'vitest';
import * as internal from './internal.js';
import * as root from './index.js';

// The README check of every root value is test/surface/readme-exports.test.ts (all packages).
describe('@x/agent-ui entries', () => {
  it('keeps internals out of the root entry (they are in @x/agent-ui/internal)', () => {
    const rootNames = Object.keys(root);
    expect(Object.keys(internal).filter((name) => rootNames.includes(name))).toEqual([]);
    expect(Object.keys(internal)).toEqual(expect.arrayContaining(['MessageContextProvider', 'SAFE_DOMPURIFY_CONFIG', 'toolCallOf']));
  });
});
