/** Runs async jobs one after the other, in the order they were given. */
export class SerialJobs {
  readonly #queue: Array<() => Promise<void>> = [];
  #running = false;
  readonly #idle: Array<() => void> = [];

  /** Runs `job` after every job given before it; settles as it does. */
  run(job: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push(async () => {
        try {
          await job();
          resolve();
        } catch (error) {
          reject(error as Error);
        }
      });
      void this.#drain();
    });
  }

  /** Resolves once no job runs or waits. */
  async waitForIdle(): Promise<void> {
    if (!this.#running && this.#queue.length === 0) return;
    await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  async #drain(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      while (this.#queue.length > 0) {
        await this.#queue[0]!();
        this.#queue.shift();
      }
    } finally {
      this.#running = false;
      for (const resolve of this.#idle.splice(0)) resolve();
    }
  }
}
