/**
 * Waits between attempts to reach a stream again after a dropped connection: doubling, capped at
 * the last. Shared by a reply re-attaching to its run (`@x/agent-react/resume`) and the live event
 * stream (`@x/agent-react/live`).
 */
export const RECONNECT_BACKOFF_MS: readonly number[] = [250, 500, 1000, 2000, 4000, 8000];

/** The wait before attempt `attempt` (0-based). */
export function backoffDelay(attempt: number): number {
  return RECONNECT_BACKOFF_MS[Math.min(attempt, RECONNECT_BACKOFF_MS.length - 1)]!;
}
