import { checkKnownKeys, isObject, type IssueList } from '../../config/config-checks.js';

const SKILL_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const isText = (value: unknown, max: number): boolean => typeof value === 'string' && value.trim().length > 0 && value.length <= max;
const isTextList = (value: unknown): boolean => Array.isArray(value) && value.length <= 50 && value.every((item) => isText(item, 500));

/** Checks `agents.{id}.a2a` (`A2aPublishConfig`); publishing needs a store (a task is a stored turn). */
export function checkA2aPublish(list: IssueList, agentId: string, value: unknown, hasStore: boolean): void {
  if (value === undefined) return;
  const at = `agents.${agentId}.a2a`;
  if (!isObject(value)) return list.add(at, 'must be an object: { publish: true, name?, description?, skills? }');
  checkKnownKeys(list, at, value, ['publish', 'name', 'description', 'skills']);
  if (typeof value.publish !== 'boolean') list.add(`${at}.publish`, 'must be true or false');
  if (value.name !== undefined && !isText(value.name, 200)) list.add(`${at}.name`, 'must be a non-empty string of at most 200 characters');
  if (value.description !== undefined && !isText(value.description, 2000)) list.add(`${at}.description`, 'must be a non-empty string of at most 2000 characters');
  if (value.skills !== undefined) {
    if (!Array.isArray(value.skills)) list.add(`${at}.skills`, 'must be a list of { id, name, description, tags?, examples? }');
    else value.skills.forEach((skill: unknown, i) => checkSkill(list, `${at}.skills[${i}]`, skill));
  }
  if (value.publish === true && !hasStore) {
    list.add(`${at}.publish`, 'publishing over A2A needs a store (a task is a stored turn: GetTask and CancelTask read it); set store or remove a2a');
  }
}

function checkSkill(list: IssueList, at: string, skill: unknown): void {
  if (!isObject(skill)) return list.add(at, 'must be { id, name, description, tags?, examples? }');
  checkKnownKeys(list, at, skill, ['id', 'name', 'description', 'tags', 'examples']);
  if (typeof skill.id !== 'string' || !SKILL_ID.test(skill.id)) list.add(`${at}.id`, 'must be 1 to 64 letters, digits, "_", "-" or "."');
  if (!isText(skill.name, 200)) list.add(`${at}.name`, 'must be a non-empty string of at most 200 characters');
  if (!isText(skill.description, 2000)) list.add(`${at}.description`, 'must be a non-empty string of at most 2000 characters');
  if (skill.tags !== undefined && !isTextList(skill.tags)) list.add(`${at}.tags`, 'must be a list of strings');
  if (skill.examples !== undefined && !isTextList(skill.examples)) list.add(`${at}.examples`, 'must be a list of strings');
}
