import { compileOutputSchema } from './output-schema.js';
import { checkKnownKeys, isObject, isPositiveInt, show, type IssueList } from './config-checks.js';

/** `agents.{id}.returns`: a JSON Schema the generate route can validate with. */
export function checkReturns(list: IssueList, at: string, returns: unknown): void {
  if (returns === undefined) return;
  if (!isObject(returns)) return list.add(`${at}.returns`, 'must be a JSON Schema object');
  const compiled = compileOutputSchema(returns);
  if (!compiled.ok) list.add(`${at}.returns`, compiled.message);
}

/** `agents.{id}.compaction`: `{ maxInputTokens, keepLastMessages, model? }`. */
export function checkCompaction(list: IssueList, at: string, compaction: unknown): void {
  if (compaction === undefined) return;
  const path = `${at}.compaction`;
  if (!isObject(compaction)) return list.add(path, 'must be { maxInputTokens, keepLastMessages, model? }');
  checkKnownKeys(list, path, compaction, ['maxInputTokens', 'keepLastMessages', 'model']);
  if (!isPositiveInt(compaction.maxInputTokens)) list.add(`${path}.maxInputTokens`, 'must be a positive integer');
  if (!isPositiveInt(compaction.keepLastMessages)) list.add(`${path}.keepLastMessages`, 'must be a positive integer');
  const model = compaction.model;
  if (model === undefined) return;
  const isModel = (typeof model === 'string' && model.trim() !== '') || (isObject(model) && typeof model.doGenerate === 'function');
  if (!isModel) list.add(`${path}.model`, `must be an AI SDK language model or a model id string, got ${show(model)}`);
}
