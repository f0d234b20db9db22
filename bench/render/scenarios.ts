/** The client workload matrix (method §5.4) as the harness runs it. */
export interface Scenario {
  id: string;
  label: string;
  /** Stream fixture in ./fixtures. */
  fixture: 'short' | 'medium' | 'long' | 'agentic';
  /** Frames (≈ text tokens) per second; 0 = unpaced burst. */
  rate: number;
  /** Preloaded transcript length (fixtures/history-N.json). */
  history?: number;
  /**
   * Ours opens the transcript as a conversation of the server (`conversationId`; the fixture server
   * answers `GET …/conversations/{id}` in pages of 50 from the same fixture) instead of getting the
   * whole array as `messages`: how a long conversation reaches a real app. Contenders without paging
   * (baseline, peer) still get the array.
   */
  serverHistory?: boolean;
  /** CDP CPU throttling rate. */
  throttle: number;
  /** Sample main-thread time at 1/4 and 3/4 of the paced stream (first vs last quarter). */
  quarters?: boolean;
  /** Scroll up while streaming, hold, then back to the bottom (S6). */
  scroll?: { startAfterMs: number; upPx: number; holdMs: number };
  /** Several turns in one mounted chat, then unmount: what stays in the heap (S8). */
  retention?: { turns: number };
  /** Keystrokes into the composer while streaming (S5). */
  typing?: { keys: number; intervalMs: number; startAfterMs: number };
  /** Walk rendered fibers on each commit (component and tool-part renders; perturbs timing a bit). */
  diag?: boolean;
  /** Give up waiting for the final marker after this long (the rep is marked timed out). */
  timeoutMs: number;
}

const S1: Scenario = { id: 'S1', label: 'short answer, 60 tok/s, empty thread', fixture: 'short', rate: 60, throttle: 1, timeoutMs: 60_000 };
const S2: Scenario = {
  id: 'S2',
  label: '10k-token answer with code and tables, 300 tok/s',
  fixture: 'long',
  rate: 300,
  throttle: 1,
  quarters: true,
  timeoutMs: 180_000,
};
const S2x4: Scenario = { ...S2, id: 'S2@4x', label: `${S2.label}, 4× CPU throttle`, throttle: 4, timeoutMs: 300_000 };
const S3: Scenario = { id: 'S3', label: 'burst replay: the 10k-token answer unpaced', fixture: 'long', rate: 0, throttle: 1, timeoutMs: 120_000 };
const S4 = (m: number): Scenario => ({
  id: `S4@${m}`,
  label: `${m}-message transcript, then the short answer at 60 tok/s`,
  fixture: 'short',
  rate: 60,
  history: m,
  throttle: 1,
  timeoutMs: 120_000,
});
/** S4 with the transcript reaching ours through server history (`S4@M/server`). */
const S4server = (m: number): Scenario => ({
  ...S4(m),
  id: `S4@${m}/server`,
  label: `${m.toLocaleString('en')}-message conversation opened from server history (ours: newest page of 50; baseline and peer: the whole array), then the short answer at 60 tok/s`,
  serverHistory: true,
  timeoutMs: 180_000,
});
const S5quick: Scenario = {
  id: 'S5',
  label: '40 keystrokes at 100 ms while a 2.5k-token answer streams at 300 tok/s',
  fixture: 'medium',
  rate: 300,
  throttle: 1,
  typing: { keys: 40, intervalMs: 100, startAfterMs: 3_000 },
  timeoutMs: 120_000,
};
const S5full: Scenario = {
  ...S5quick,
  label: '40 keystrokes at 100 ms in the last third of the 10k-token answer at 300 tok/s',
  fixture: 'long',
  typing: { keys: 40, intervalMs: 100, startAfterMs: 24_000 },
  timeoutMs: 180_000,
};
const S6: Scenario = {
  id: 'S6',
  label: 'scroll up 1,000 px 2 s into a 2.5k-token answer at 300 tok/s after a 10-message transcript, hold 2 s, back to the bottom',
  fixture: 'medium',
  rate: 300,
  history: 10,
  throttle: 1,
  scroll: { startAfterMs: 2_000, upPx: 1_000, holdMs: 2_000 },
  timeoutMs: 120_000,
};
const S8: Scenario = {
  id: 'S8',
  label: 'retention: 5 turns of the 2.5k-token answer (unpaced) in one chat, then unmount',
  fixture: 'medium',
  rate: 0,
  throttle: 1,
  retention: { turns: 5 },
  timeoutMs: 120_000,
};
const S7: Scenario = {
  id: 'S7',
  label: 'agentic turn: 20 tool calls with ~5 KB outputs, then 2k tokens at 300 tok/s',
  fixture: 'agentic',
  rate: 300,
  throttle: 1,
  diag: true,
  timeoutMs: 120_000,
};

/** CI smoke subset of method §5.6: S1, S3, S4 at M = 1000, S5; 3 rounds; under 10 minutes. */
export const QUICK: Scenario[] = [S1, S3, S4(1000), S5quick];
/** The full matrix of method §5.4. */
export const FULL: Scenario[] = [S1, S2, S2x4, S3, S4(10), S4(1000), S5full, S6, S7, S8];

/** Every scenario by id (for `--scenarios=`; S5 is the quick variant unless in full mode). */
export const ALL: Scenario[] = [S1, S2, S2x4, S3, S4(10), S4(100), S4(1000), S4server(1000), S4server(10_000), S5quick, S6, S7, S8];
