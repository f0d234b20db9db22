import { describe, expect, it } from 'vitest';
import { getAt, resolvePointer, setAt } from './json-pointer.js';
import { applyMessages, emptySurface } from './surface-model.js';
import { buildRenderTree } from './render-tree.js';

const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'basic' } };
const components = (list: unknown[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components: list } });

describe('json pointers', () => {
  it('reads, writes and resolves relative paths against a template scope', () => {
    const model = setAt({}, '/booking/guests', 2);
    expect(getAt(model, '/booking/guests')).toBe(2);
    expect(resolvePointer('name', '/items/1')).toBe('/items/1/name');
    expect(resolvePointer('/abs', '/items/1')).toBe('/abs');
    expect(getAt({ 'a/b': 1 }, '/a~1b')).toBe(1);
  });

  it('treats bad paths as unreadable and unwritable, never throwing', () => {
    const model = { list: [1, 2], text: 'x' };
    expect(resolvePointer(42, '')).toBeUndefined();
    expect(resolvePointer('/__proto__/polluted', '')).toBeUndefined();
    expect(getAt(model, '/text/length')).toBeUndefined();
    expect(setAt(model, '/text/deeper', 1)).toBe(model);
    expect(setAt(model, '/list/notAnIndex', 1)).toBe(model);
    expect(setAt(model, '/__proto__/polluted', 1)).toBe(model);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('surface messages', () => {
  it('applies create, components, data model updates and delete in order', () => {
    let state = applyMessages(emptySurface('s'), [
      create,
      components([{ id: 'root', component: 'Text', text: { path: '/greeting' } }]),
      { updateDataModel: { surfaceId: 's', value: { greeting: 'Hi' } } },
      { updateDataModel: { surfaceId: 's', path: '/greeting', value: 'Hello' } },
      { updateDataModel: { surfaceId: 'other', path: '/greeting', value: 'ignored' } },
    ]);
    expect(state.created).toBe(true);
    expect(state.components.get('root')?.component).toBe('Text');
    expect(getAt(state.dataModel, '/greeting')).toBe('Hello');
    state = applyMessages(state, [{ deleteSurface: { surfaceId: 's' } }]);
    expect(state.deleted).toBe(true);
    expect(state.components.size).toBe(0);
  });

  it('ignores malformed messages and components', () => {
    const state = applyMessages(emptySurface('s'), [null, 'text', 42, { updateComponents: { surfaceId: 's', components: 'nope' } }, components([{ id: 7 }, null, { id: 'root', component: 'Card', child: 'x' }])]);
    expect([...state.components.keys()]).toEqual(['root']);
  });
});

const tree = (list: Record<string, unknown>[], data: unknown = {}, limits?: { maxNodes: number; maxDepth: number }) =>
  buildRenderTree(applyMessages(emptySurface('s'), [create, components(list), { updateDataModel: { surfaceId: 's', value: data } }]), limits);

const placeholders = (node: ReturnType<typeof tree>): string[] => {
  if (!node) return [];
  if (node.kind === 'placeholder') return [node.reason];
  return Object.values(node.slots).flatMap((nodes) => nodes.flatMap((n) => placeholders(n)));
};

describe('render tree', () => {
  it('waits for the root component', () => {
    expect(tree([{ id: 'title', component: 'Text', text: 'x' }])).toBeUndefined();
  });

  it('expands templates over a data list with per-item scopes', () => {
    const root = tree(
      [
        { id: 'root', component: 'List', children: { path: '/people', componentId: 'row' } },
        { id: 'row', component: 'Text', text: { path: 'name' } },
      ],
      { people: [{ name: 'Ada' }, { name: 'Bo' }] },
    );
    expect(root?.kind === 'component' && root.slots.children!.map((n) => (n.kind === 'component' ? n.scope : ''))).toEqual(['/people/0', '/people/1']);
  });

  it('turns unknown types, missing children and cycles into placeholders', () => {
    const root = tree([
      { id: 'root', component: 'Column', children: ['evil', 'ghost', 'loop'] },
      { id: 'evil', component: 'script' },
      { id: 'loop', component: 'Card', child: 'root' },
    ]);
    expect(placeholders(root)).toEqual(['unknown-type', 'missing', 'cycle']);
  });

  it('cuts deep nesting and huge surfaces', () => {
    const deep = Array.from({ length: 100 }, (_, i) => ({ id: i === 0 ? 'root' : `c${i}`, component: 'Card', child: `c${i + 1}` }));
    expect(placeholders(tree(deep, {}, { maxNodes: 500, maxDepth: 24 }))).toEqual(['too-deep']);
    const wide = [{ id: 'root', component: 'Column', children: Array.from({ length: 5_000 }, (_, i) => `t${i}`) }, ...Array.from({ length: 1_999 }, (_, i) => ({ id: `t${i}`, component: 'Text', text: 'x' }))];
    const reasons = placeholders(tree(wide, {}, { maxNodes: 100, maxDepth: 24 }));
    expect(reasons).toContain('too-many');
    expect(reasons).toEqual(["too-many"]);
  });

  it('bounds a diamond-shaped tree that would otherwise grow exponentially', () => {
    const diamond = Array.from({ length: 40 }, (_, i) => ({ id: i === 0 ? 'root' : `d${i}`, component: 'Row', children: [`d${i + 1}`, `d${i + 1}`] }));
    let count = 0;
    const walk = (node: ReturnType<typeof tree>): void => {
      count += 1;
      if (node?.kind === 'component') Object.values(node.slots).forEach((nodes) => nodes.forEach(walk));
    };
    walk(tree(diamond, {}, { maxNodes: 200, maxDepth: 100 }));
    expect(count).toBeLessThan(1_000);
  });
});
