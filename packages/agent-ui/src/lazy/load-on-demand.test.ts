import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./on-demand-parts.js');
  vi.resetModules();
});

describe('loadOnDemand', () => {
  it('imports the on-demand chunk once for every caller', async () => {
    const { loadOnDemand } = await import('./load-on-demand.js');
    const first = loadOnDemand();
    expect(loadOnDemand()).toBe(first);
    expect((await first).ErrorAlert).toBeTypeOf('function');
  });

  it('forgets a failed load: the next call tries again', async () => {
    let attempts = 0;
    vi.doMock('./on-demand-parts.js', () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk missing');
      return { ErrorAlert: () => null };
    });
    const { loadOnDemand } = await import('./load-on-demand.js');
    await expect(loadOnDemand()).rejects.toThrow();
    const again = loadOnDemand();
    await expect(again).resolves.toMatchObject({ ErrorAlert: expect.any(Function) });
    expect(loadOnDemand()).toBe(again);
    expect(attempts).toBe(2);
  });
});
