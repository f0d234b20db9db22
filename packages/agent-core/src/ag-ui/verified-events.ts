import { DebugLogger, resolveAgentDebugConfig, type AbstractAgent, type BaseEvent } from '@ag-ui/client';

/** The events one run of an agent passed to its protocol check, in order. */
export interface VerifiedEvents {
  readonly events: readonly BaseEvent[];
  /** Stops recording and gives the agent its own debug logger back. */
  release(): void;
}

/** The stage name `@ag-ui/client`'s `verifyEvents` logs each event under, before it checks it. */
const VERIFY_STAGE = 'VERIFY';

/**
 * A debug logger that records what the run's check (`verifyEvents`) sees and passes every call on
 * to the agent's own logger, if it has one (so an app's debug output is unchanged).
 */
class RecordingLogger extends DebugLogger {
  readonly events: BaseEvent[] = [];
  constructor(readonly previous: DebugLogger | undefined) {
    super(resolveAgentDebugConfig(undefined));
  }
  override event(prefix: string, label: string, data: unknown, summary?: Record<string, unknown>): void {
    if (prefix === VERIFY_STAGE && typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string') this.events.push(data as BaseEvent);
    this.previous?.event(prefix, label, data, summary);
  }
  override lifecycle(prefix: string, label: string, data?: Record<string, unknown>): void {
    this.previous?.lifecycle(prefix, label, data);
  }
  override get eventsEnabled(): boolean {
    return this.previous?.eventsEnabled ?? false;
  }
  override get lifecycleEnabled(): boolean {
    return this.previous?.lifecycleEnabled ?? false;
  }
  override get enabled(): boolean {
    return this.previous?.enabled ?? false;
  }
}

/**
 * Records the events of the agent's next run as its protocol check sees them (after chunk events
 * are expanded), through the agent's public `debugLogger`. `@ag-ui/client` hands events to
 * subscribers asynchronously, and a failing run (a protocol violation, a dropped connection) drops
 * the ones still queued: with this record, the transport still shows what arrived before the failure.
 */
export function watchVerifiedEvents(agent: AbstractAgent): VerifiedEvents {
  // A run that overlaps another (a resend while a stopped run unwinds) takes over the recording: a
  // recorder never wraps another one, so none outlives its run.
  const current = agent.debugLogger;
  const logger = new RecordingLogger(current instanceof RecordingLogger ? current.previous : current);
  agent.debugLogger = logger;
  return {
    events: logger.events,
    release() {
      if (agent.debugLogger === logger) agent.debugLogger = logger.previous;
    },
  };
}
