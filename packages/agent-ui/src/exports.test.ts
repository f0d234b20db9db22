import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as internal from './internal.js';
import * as root from './index.js';

const readme = readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');

describe('@x/agent-ui public surface', () => {
  it('documents every value the root entry exports in the README', () => {
    const undocumented = Object.keys(root).filter((name) => !readme.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });

  it('keeps internals out of the root entry (they are in @x/agent-ui/internal)', () => {
    for (const name of Object.keys(internal)) expect(Object.keys(root)).not.toContain(name);
  });
});
