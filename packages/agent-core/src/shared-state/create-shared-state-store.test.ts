import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import { createSharedStateStore } from './create-shared-state-store.js';

describe('createSharedStateStore', () => {
  it('writes only exposed keys and says why each other key was ignored', async () => {
    const store = createSharedStateStore({ name: 'Ada', email: 'ada@example.com', count: 1 });
    const result = await store.applyUpdates(
      JSON.parse('{"updates":{"name":"Eve","isAdmin":true,"__proto__":{"polluted":true},"constructor":1}}'),
      { toolCallId: 't1', turnId: 'u1', agentId: 'a' },
    );
    if (!result.ok) throw new Error(result.errorText);
    expect(result.output).toMatchObject({ ok: true, written: ['name'], ignored: ['isAdmin', '__proto__', 'constructor'] });
    // Reasons are a list: "__proto__" is a value, never an object key the server would refuse.
    expect(result.output.reasons).toEqual([
      { key: 'isAdmin', reason: expect.stringMatching(/^not exposed/) },
      { key: '__proto__', reason: expect.stringMatching(/^reserved key/) },
      { key: 'constructor', reason: expect.stringMatching(/^reserved key/) },
    ]);
    expect(JSON.stringify(result.output)).not.toContain('"__proto__":');
    expect(store.getSnapshot().value).toEqual({ name: 'Eve', email: 'ada@example.com', count: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(store.getSnapshot().value)).toBe(Object.prototype);
    expect(store.getSnapshot().log).toEqual([
      expect.objectContaining({ key: 'name', previous: 'Ada', next: 'Eve', source: 'agent', toolCallId: 't1', turnId: 'u1', agentId: 'a', at: expect.any(Number) }),
    ]);
  });

  it('reports the reserved keys the server removed, and drops reserved keys nested in a written value', async () => {
    const store = createSharedStateStore({ count: 1, filters: { a: 0 } as Record<string, unknown> });
    const result = await store.applyUpdates(
      JSON.parse('{"updates":{"count":2,"filters":{"a":1,"__proto__":{"polluted":true},"nested":{"constructor":{"prototype":{"x":1}}}}},"ignored":["__proto__","constructor"]}'),
    );
    if (!result.ok) throw new Error(result.errorText);
    expect(result.output.written).toEqual(['count', 'filters']);
    expect(result.output.ignored).toEqual(['__proto__', 'constructor', 'filters.__proto__', 'filters.nested.constructor']);
    expect(result.output.reasons!.every((r) => r.reason.startsWith('reserved key'))).toBe(true);
    const filters = store.getSnapshot().value.filters as Record<string, unknown>;
    expect(filters).toEqual({ a: 1, nested: {} });
    expect(Object.hasOwn(filters, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(filters)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // a copy of the stored value (as apps make them) cannot pick up a prototype either
    expect(Object.getPrototypeOf(Object.assign({}, filters))).toBe(Object.prototype);
  });

  it('answers only { ok, written } when nothing was ignored', async () => {
    const store = createSharedStateStore({ a: 1 });
    expect(await store.applyUpdates({ updates: { a: 2 } })).toEqual({ ok: true, output: { ok: true, written: ['a'] } });
  });

  it('uses the keys exposed at request time as the allowlist', async () => {
    const store = createSharedStateStore({ a: 1, b: 2 });
    const result = await store.applyUpdates({ updates: { a: 5, b: 6 } }, { exposedKeys: ['a'] });
    expect(result.ok && result.output.written).toEqual(['a']);
    expect(store.getSnapshot().value).toEqual({ a: 5, b: 2 });
  });

  it('narrows with writable and validates with a zod schema (its output is written) or a predicate', async () => {
    const store = createSharedStateStore(
      { name: 'Ada', email: 'a@x.io', age: 30, id: 7 },
      {
        writable: ['name', 'email', 'age'],
        validate: {
          email: z.email(),
          name: z.string().trim().min(1),
          age: (value) => (typeof value === 'number' && value >= 0 ? true : 'age must be a non-negative number'),
        },
      },
    );
    const result = await store.applyUpdates({ updates: { name: '  Grace  ', email: 'nope', age: -1, id: 8 } });
    expect(result).toEqual({
      ok: true,
      output: {
        ok: true,
        written: ['name'],
        ignored: ['email', 'age', 'id'],
        reasons: [
          { key: 'email', reason: expect.stringMatching(/^invalid value: /) },
          { key: 'age', reason: 'invalid value: age must be a non-negative number' },
          { key: 'id', reason: expect.stringMatching(/^read-only/) },
        ],
      },
    });
    expect(store.getSnapshot().value).toEqual({ name: 'Grace', email: 'a@x.io', age: 30, id: 7 });
  });

  it('answers an error for malformed input and for a failing write, writing and recording nothing', async () => {
    const store = createSharedStateStore({ value: { a: 1 }, onChange: () => { throw new Error('locked'); } });
    expect(await store.applyUpdates({ nope: true })).toMatchObject({ ok: false, errorText: expect.stringContaining('"updates"') });
    expect(await store.applyUpdates({ updates: [1] })).toMatchObject({ ok: false });
    expect(await store.applyUpdates({ updates: { a: 2 } })).toEqual({ ok: false, errorText: 'The page failed to apply the update: locked' });
    expect(store.getSnapshot().log).toEqual([]);
    expect(store.expose()).toEqual({ a: 1 });
  });

  it('reads and writes a zustand store, exposing data keys but not actions', async () => {
    const app = createStore<{ title: string; done: boolean; toggle: () => void }>((set) => ({ title: 'x', done: false, toggle: () => set((s) => ({ done: !s.done })) }));
    const store = createSharedStateStore(app);
    expect(store.expose()).toEqual({ title: 'x', done: false });
    await store.applyUpdates({ updates: { done: true, toggle: 'hacked' } });
    expect(app.getState().done).toBe(true);
    expect(typeof app.getState().toggle).toBe('function');
    app.getState().toggle();
    expect(store.getSnapshot().value).toEqual({ title: 'x', done: false });
  });

  it('writes controlled state through onChange and sees its own writes before the app re-renders', async () => {
    const changes: Record<string, unknown>[] = [];
    const store = createSharedStateStore({ value: { a: 1, b: 1 }, onChange: (next) => changes.push(next) });
    await store.applyUpdates({ updates: { a: 2 } });
    await store.applyUpdates({ updates: { b: 3 } });
    expect(changes).toEqual([{ a: 2, b: 1 }, { a: 2, b: 3 }]);
    store.configure({}, { value: { a: 9, b: 9 }, onChange: (next) => changes.push(next) });
    expect(store.expose()).toEqual({ a: 9, b: 9 });
  });

  it('undoes one write, or every agent write of a turn, and records the undo', async () => {
    const store = createSharedStateStore({ a: 1, b: 1, c: 1 });
    await store.applyUpdates({ updates: { a: 2, b: 2 } }, { toolCallId: 't1', turnId: 'turn1' });
    await store.applyUpdates({ updates: { a: 3 } }, { toolCallId: 't2', turnId: 'turn1' });
    await store.applyUpdates({ updates: { c: 5 } }, { toolCallId: 't3', turnId: 'turn2' });
    store.set('b', 10);
    expect(store.getSnapshot().value).toEqual({ a: 3, b: 10, c: 5 });

    const cWrite = store.getSnapshot().log.find((w) => w.key === 'c')!;
    expect(store.undo(cWrite.id)).toBe(true);
    expect(store.undo(cWrite.id)).toBe(false);
    expect(store.getSnapshot().value.c).toBe(1);

    expect(store.undoTurn('turn1')).toBe(3);
    expect(store.getSnapshot().value).toEqual({ a: 1, b: 1, c: 1 });
    expect(store.undoTurn('turn1')).toBe(0);
    const log = store.getSnapshot().log;
    expect(log.filter((w) => w.source === 'agent').every((w) => w.undoneBy)).toBe(true);
    expect(log.filter((w) => w.undoOf)).toHaveLength(4);
    expect(log.find((w) => w.key === 'b' && w.source === 'user' && !w.undoOf)).toMatchObject({ previous: 2, next: 10 });
  });

  it('refuses reserved keys from the app too', () => {
    const store = createSharedStateStore<Record<string, unknown>>({ a: 1 });
    expect(() => store.set('__proto__', {})).toThrow(/reserved/);
  });
});
