// watchVerifiedEvents: what agUiTransport reads of a run through the agent's debug logger.
import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { describe, expect, it } from 'vitest';
import { ScriptedAgent } from '../test-utils/scripted-ag-ui-agent.js';
import { watchVerifiedEvents } from './verified-events.js';

const started = (input: RunAgentInput): BaseEvent[] => [
  { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent,
  { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent,
];

describe('agUiTransport and the agent’s debug logger', () => {
  it('records a run through it and gives the agent its own logger back, also when runs overlap', () => {
    const agent = new ScriptedAgent(started);
    const own = agent.debugLogger;
    const first = watchVerifiedEvents(agent);
    const second = watchVerifiedEvents(agent);
    first.release();
    second.release();
    expect(agent.debugLogger).toBe(own);
    const third = watchVerifiedEvents(agent);
    const fourth = watchVerifiedEvents(agent);
    fourth.release();
    third.release();
    expect(agent.debugLogger).toBe(own);
  });
});
