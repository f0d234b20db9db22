import { checkKnownKeys, isObject, isPositiveInt, type IssueList } from '../../config/config-checks.js';
import { isHttpUrl } from '../../config/is-http-url.js';

const KEYS = ['card', 'headers', 'timeoutMs', 'maxResponseBytes', 'cardTtlMs', 'answerTimeoutMs', 'allowPrivate', 'allowHosts', 'description'];

/**
 * Checks `remoteAgents.{name}` (a remote A2A agent): its card is an http(s) URL or an object (the
 * card's own fields are checked when it is used, like a fetched card), the limits positive whole
 * numbers, `headers` an object of strings or a function. Every problem is listed with its path.
 */
export function checkRemoteAgent(list: IssueList, name: string, value: unknown): void {
  const at = `remoteAgents.${name}`;
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name)) list.add(at, `"${name}" is not a valid name (letters, digits, "_" or "-", at most 64)`);
  if (!isObject(value)) return list.add(at, 'must be { card, headers?, timeoutMs?, maxResponseBytes?, … }');
  checkKnownKeys(list, at, value, KEYS);
  const card = value.card;
  if (typeof card === 'string') {
    if (!isHttpUrl(card)) list.add(`${at}.card`, 'must be an http(s) URL of the agent card (or of the agent) or the card itself');
  } else if (!isObject(card)) list.add(`${at}.card`, 'is required: the agent card URL or the card itself');
  const headers = value.headers;
  if (headers !== undefined && typeof headers !== 'function') {
    if (!isObject(headers)) list.add(`${at}.headers`, 'must be an object of header strings or a function (ctx) => headers');
    else for (const [header, v] of Object.entries(headers)) if (typeof v !== 'string') list.add(`${at}.headers.${header}`, 'must be a string');
  }
  for (const key of ['timeoutMs', 'maxResponseBytes', 'cardTtlMs', 'answerTimeoutMs']) {
    if (value[key] !== undefined && !isPositiveInt(value[key])) list.add(`${at}.${key}`, 'must be a positive integer');
  }
  if (value.allowPrivate !== undefined && typeof value.allowPrivate !== 'boolean') list.add(`${at}.allowPrivate`, 'must be true or false');
  if (value.allowHosts !== undefined && !(Array.isArray(value.allowHosts) && value.allowHosts.every((h) => typeof h === 'string' && h !== ''))) {
    list.add(`${at}.allowHosts`, 'must be a list of host names');
  }
  if (value.description !== undefined && typeof value.description !== 'string') list.add(`${at}.description`, 'must be a string');
}
