import type { RunRecorder } from './run-recorder.js';

/**
 * The runs this instance is running, by id (chat turns and their sub-agent runs): what
 * `GET {basePath}/runs/{runId}` answers while a run streams. A run leaves when its turn ends (with a
 * store its record was saved first; without one it is gone — records live only as long as the run).
 */
export class LiveRuns {
  private readonly runs = new Map<string, RunRecorder>();

  add(recorder: RunRecorder): void {
    this.runs.set(recorder.meta.id, recorder);
  }

  get(runId: string): RunRecorder | undefined {
    return this.runs.get(runId);
  }

  /** Removes a run and every sub-agent run under it. */
  remove(recorder: RunRecorder): void {
    if (this.runs.get(recorder.meta.id) === recorder) this.runs.delete(recorder.meta.id);
    for (const sub of recorder.subRuns) this.remove(sub);
  }

  get size(): number {
    return this.runs.size;
  }
}

// One registry per server config: the routes and the turns of one `createAgentServer` share it
// without threading it through every turn's input.
const registries = new WeakMap<object, LiveRuns>();

export function liveRunsOf(config: object): LiveRuns {
  let runs = registries.get(config);
  if (!runs) {
    runs = new LiveRuns();
    registries.set(config, runs);
  }
  return runs;
}
