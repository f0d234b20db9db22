import { describe, expect, it } from 'vitest';
import { CONVERSATIONS_SEGMENT, RESERVED_AGENT_IDS } from './conversations.js';
import { EVENTS_SEGMENT } from './live-events.js';
import { RUNS_SEGMENT } from './run-records.js';

describe('RESERVED_AGENT_IDS', () => {
  it('holds every route segment beside the agents (an agent of that id would shadow its routes)', () => {
    expect([...RESERVED_AGENT_IDS].sort()).toEqual([CONVERSATIONS_SEGMENT, EVENTS_SEGMENT, RUNS_SEGMENT].sort());
  });
});
