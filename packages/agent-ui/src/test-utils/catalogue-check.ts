import { messageShape, pluralCategories } from '../locales/format-message.js';

/**
 * What is wrong with a translated catalogue against the English one (`reference`): a missing or extra
 * key, a message that does not parse, a placeholder missing or added, a plural without `other` or with
 * a category the locale does not have (`Intl.PluralRules`), a select whose cases differ. Empty when
 * the catalogue is complete. Used by `catalogues.test.ts` on every locale file.
 */
export function catalogueProblems(reference: unknown, catalogue: unknown, tag: string, path = ''): string[] {
  if (typeof reference === 'string') {
    if (typeof catalogue !== 'string') return [`${path}: expected a message, found ${describe(catalogue)}`];
    return path === 'locale' ? [] : messageProblems(reference, catalogue, tag, path);
  }
  if (Array.isArray(reference)) {
    if (!Array.isArray(catalogue) || catalogue.some((item) => typeof item !== 'string')) return [`${path}: expected a list of strings`];
    return catalogue.length === reference.length ? [] : [`${path}: ${catalogue.length} items where English has ${reference.length}`];
  }
  if (typeof catalogue !== 'object' || catalogue === null || Array.isArray(catalogue)) return [`${path}: expected a group, found ${describe(catalogue)}`];
  const ref = reference as Record<string, unknown>;
  const own = catalogue as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(ref)) {
    const at = path ? `${path}.${key}` : key;
    if (!Object.hasOwn(own, key)) problems.push(`${at}: missing`);
    else problems.push(...catalogueProblems(ref[key], own[key], tag, at));
  }
  for (const key of Object.keys(own)) if (!Object.hasOwn(ref, key)) problems.push(`${path ? `${path}.${key}` : key}: not in English`);
  return problems;
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value;
}

function messageProblems(english: string, message: string, tag: string, path: string): string[] {
  let shape: ReturnType<typeof messageShape>;
  try {
    shape = messageShape(message);
  } catch (error) {
    return [`${path}: ${(error as Error).message}`];
  }
  const reference = messageShape(english);
  const problems: string[] = [];
  for (const arg of reference.args) if (!shape.args.has(arg)) problems.push(`${path}: placeholder {${arg}} is missing`);
  for (const arg of shape.args) if (!reference.args.has(arg)) problems.push(`${path}: placeholder {${arg}} is not in English`);
  const categories = pluralCategories(tag);
  for (const [arg, { kind, keys }] of shape.cases) {
    const english = reference.cases.get(arg);
    if (english && english.kind !== kind) problems.push(`${path}: {${arg}} is a ${kind} where English has a ${english.kind}`);
    if (kind === 'plural') {
      const unknown = keys.filter((key) => !key.startsWith('=') && !categories.includes(key));
      if (unknown.length) problems.push(`${path}: plural categories ${unknown.join(', ')} do not exist in ${tag} (it has ${categories.join(', ')})`);
    } else if (english) {
      const missing = english.keys.filter((key) => !keys.includes(key));
      if (missing.length) problems.push(`${path}: select cases ${missing.join(', ')} are missing`);
    }
  }
  return problems;
}
