import { describe, expect, it } from 'vitest';
import { matchesRedacted, redact, REDACTED } from './redact.js';

describe('redact', () => {
  it('hides secret keys, known values and key-shaped strings, and nothing else', () => {
    const out = redact(
      {
        headers: { Authorization: 'Bearer abcdefgh12345678', 'x-api-key': 'k1', accept: 'json' },
        note: 'my key is sk-proj-ABCDEFGH12345678 and token123456',
        nested: [{ password: 'hunter2', ssn: '123-45-6789', user: 'ada' }],
        usage: { inputTokens: 3 },
      },
      { keys: ['ssn'], values: ['token123456'] },
    );
    expect(out).toEqual({
      headers: { Authorization: REDACTED, 'x-api-key': REDACTED, accept: 'json' },
      note: `my key is ${REDACTED} and ${REDACTED}`,
      nested: [{ password: REDACTED, ssn: REDACTED, user: 'ada' }],
      usage: { inputTokens: 3 },
    });
  });

  it('matches a redacted recording against any text in the redacted places', () => {
    expect(matchesRedacted(`key ${REDACTED} end`, 'key sk-secret-value end')).toBe(true);
    expect(matchesRedacted(`key ${REDACTED} end`, 'key sk-secret-value END')).toBe(false);
    expect(matchesRedacted('a.b', 'axb')).toBe(false);
  });
});
