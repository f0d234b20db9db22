import { describe, expect, it } from 'vitest';
import { IssueList } from '../../config/config-checks.js';
import { checkA2aPublish } from './validate-publish.js';

const issuesOf = (value: unknown, hasStore = true) => {
  const list = new IssueList();
  checkA2aPublish(list, 'billing', value, hasStore);
  return list.issues;
};

describe('agents.{id}.a2a', () => {
  it('accepts nothing, a disabled publish, and a full card', () => {
    expect(issuesOf(undefined)).toEqual([]);
    expect(issuesOf({ publish: false }, false)).toEqual([]);
    expect(issuesOf({ publish: true, name: 'Billing', description: 'Bills.', skills: [{ id: 'inv.find', name: 'Invoices', description: 'Finds invoices.', tags: ['b'], examples: ['Is 42 paid?'] }] })).toEqual([]);
  });

  it('names every problem with its path', () => {
    expect(issuesOf(true)).toEqual([{ path: 'agents.billing.a2a', message: expect.stringContaining('must be an object') }]);
    expect(issuesOf({ publish: 'yes', nmae: 'x', description: '' }).map((i) => i.path)).toEqual([
      'agents.billing.a2a.nmae',
      'agents.billing.a2a.publish',
      'agents.billing.a2a.description',
    ]);
    expect(issuesOf({ publish: true, skills: [{ id: 'a b', name: '', description: 'd', tags: [1] }, 'x'] }).map((i) => i.path)).toEqual([
      'agents.billing.a2a.skills[0].id',
      'agents.billing.a2a.skills[0].name',
      'agents.billing.a2a.skills[0].tags',
      'agents.billing.a2a.skills[1]',
    ]);
  });

  it('refuses to publish without a store (a task is a stored turn)', () => {
    expect(issuesOf({ publish: true }, false)).toEqual([{ path: 'agents.billing.a2a.publish', message: expect.stringContaining('needs a store') }]);
  });
});
