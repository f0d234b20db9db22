import { KEEP_ALIVE_HEADER } from '@x/agent-protocol/routes';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IDLE_TIMEOUT_MS, idleTimeoutFor, withIdleTimeout } from './idle-timeout.js';

const bytes = new TextEncoder();
const headers = (value?: string) => new Headers(value === undefined ? {} : { [KEEP_ALIVE_HEADER]: value });

/** A body that sends `: keep-alive` every `everyMs` `times` times, then `data: done` and ends; or stops sending (the connection stays open) with `hang`. */
function body(everyMs: number, times: number, hang = false): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === times) {
        if (hang) return new Promise<void>(() => {});
        controller.enqueue(bytes.encode('data: done\n\n'));
        controller.close();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      sent++;
      controller.enqueue(bytes.encode(': keep-alive\n\n'));
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) text += decoder.decode(next.value);
  return text;
}

describe('idleTimeoutFor', () => {
  it('is two of the keep-alive intervals the response announces, the app’s option when it set one, else the fallback', () => {
    expect(idleTimeoutFor(undefined, headers('15000'), DEFAULT_IDLE_TIMEOUT_MS)).toBe(30_000);
    expect(idleTimeoutFor(undefined, headers('250'), 0)).toBe(500);
    // An announced 0: the server sends no keep-alives, so silence is no sign.
    expect(idleTimeoutFor(undefined, headers('0'), DEFAULT_IDLE_TIMEOUT_MS)).toBe(0);
    expect(idleTimeoutFor(undefined, headers(), DEFAULT_IDLE_TIMEOUT_MS)).toBe(DEFAULT_IDLE_TIMEOUT_MS);
    expect(idleTimeoutFor(undefined, undefined, 0)).toBe(0);
    for (const bad of ['', '-5', '1e3', 'soon', '12.5', '99999999999']) expect(idleTimeoutFor(undefined, headers(bad), 7)).toBe(7);
    expect(idleTimeoutFor(1234, headers('100'), 7)).toBe(1234);
    expect(idleTimeoutFor(0, headers('100'), 7)).toBe(0);
    expect(DEFAULT_IDLE_TIMEOUT_MS).toBe(30_000);
  });
});

describe('withIdleTimeout', () => {
  it('a body that keeps receiving keep-alives is never flagged, however long it runs', async () => {
    // 12 keep-alives 25 ms apart (300 ms in all) under a 100 ms watchdog.
    await expect(readAll(withIdleTimeout(body(25, 12), 100, () => expect.unreachable('flagged')))).resolves.toMatch(/data: done/);
  });

  it('a body that stops sending bytes (the connection still open) ends as a cut connection after what arrived, and onSilent hears why', async () => {
    const heard: Error[] = [];
    const reader = withIdleTimeout(body(10, 2, true), 80, (error) => heard.push(error)).getReader();
    expect((await reader.read()).done).toBe(false);
    expect((await reader.read()).done).toBe(false);
    const started = Date.now();
    // Closed, not errored: cancelling it afterwards resolves (a consumer that rethrows a cancel's
    // error — @ag-ui/client's reader — would leave an unhandled rejection on an errored stream).
    expect((await reader.read()).done).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    await expect(reader.cancel()).resolves.toBeUndefined();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toBeInstanceOf(TypeError);
    expect(heard[0]!.message).toMatch(/connection lost.*network/i);
  });

  it('0 leaves the body alone', () => {
    const stream = body(1, 0);
    expect(withIdleTimeout(stream, 0, () => {})).toBe(stream);
  });
});
