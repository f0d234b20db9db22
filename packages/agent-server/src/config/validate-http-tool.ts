import { hostIsLiteral } from '../tools/http/http-template.js';
import { isToolSchema } from '../tools/tool-schema.js';
import { checkKnownKeys, isObject, isPositiveInt, show, type IssueList } from './config-checks.js';
import { signingSecretIssues } from '../security/signer.js';

const HTTP_TOOL_KEYS = ['description', 'inputSchema', 'http', 'timeout', 'maxResponseBytes', 'maxRedirects', 'allowHosts', 'allowPrivate', 'callerContext', 'confirm'];
const REQUEST_KEYS = ['url', 'method', 'headers', 'query', 'body'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Checks an HTTP tool (`tools.{name}` with `http`), every problem with its path. */
export function checkHttpTool(list: IssueList, at: string, tool: Record<string, unknown>): void {
  checkKnownKeys(list, at, tool, HTTP_TOOL_KEYS);
  if (typeof tool.description !== 'string' || tool.description.trim() === '') list.add(`${at}.description`, 'is required (what the tool does, for the model)');
  if (!isToolSchema(tool.inputSchema)) list.add(`${at}.inputSchema`, 'must be a zod schema or a JSON Schema object');
  const http = tool.http;
  if (!isObject(http)) list.add(`${at}.http`, 'must be { url, method?, headers?, query?, body? }');
  else {
    checkKnownKeys(list, `${at}.http`, http, REQUEST_KEYS);
    if (typeof http.url !== 'string') list.add(`${at}.http.url`, 'is required (an absolute http(s) URL)');
    else if (!/^https?:\/\//i.test(http.url) || !isUrlTemplate(http.url)) list.add(`${at}.http.url`, `must be an absolute http(s) URL, got ${show(http.url)}`);
    else if (!hostIsLiteral(http.url)) list.add(`${at}.http.url`, 'templates may fill the path and query, not the host');
    if (http.method !== undefined && !METHODS.includes(http.method as string)) list.add(`${at}.http.method`, `must be one of ${METHODS.join(', ')}`);
    for (const key of ['headers', 'query'] as const) {
      if (http[key] !== undefined && !(isObject(http[key]) && Object.values(http[key]).every((v) => typeof v === 'string'))) {
        list.add(`${at}.http.${key}`, 'must be an object of strings');
      }
    }
    if (http.body !== undefined && typeof http.body === 'function') list.add(`${at}.http.body`, 'must be JSON data (a template)');
  }
  if (tool.timeout !== undefined && !isPositiveInt(tool.timeout)) list.add(`${at}.timeout`, 'must be a positive integer (ms)');
  if (tool.maxResponseBytes !== undefined && !isPositiveInt(tool.maxResponseBytes)) list.add(`${at}.maxResponseBytes`, 'must be a positive integer (bytes)');
  if (tool.maxRedirects !== undefined && !(Number.isInteger(tool.maxRedirects) && (tool.maxRedirects as number) >= 0 && (tool.maxRedirects as number) <= 20)) {
    list.add(`${at}.maxRedirects`, 'must be an integer from 0 to 20');
  }
  if (tool.allowHosts !== undefined && !(Array.isArray(tool.allowHosts) && tool.allowHosts.every((h) => typeof h === 'string' && /^(\*\.)?[a-z0-9.-]+$/i.test(h)))) {
    list.add(`${at}.allowHosts`, 'must be a list of host names ("api.internal" or "*.internal")');
  }
  if (tool.allowPrivate !== undefined && typeof tool.allowPrivate !== 'boolean') list.add(`${at}.allowPrivate`, 'must be true or false');
  if (tool.callerContext !== undefined) {
    const caller = tool.callerContext;
    if (!isObject(caller)) list.add(`${at}.callerContext`, 'must be { secret }');
    else {
      checkKnownKeys(list, `${at}.callerContext`, caller, ['secret']);
      for (const issue of signingSecretIssues(caller.secret, `${at}.callerContext.secret`, 32)) list.add(issue.path, issue.message);
    }
  }
  if (tool.confirm !== undefined && typeof tool.confirm !== 'boolean') list.add(`${at}.confirm`, 'must be true or false');
}

function isUrlTemplate(template: string): boolean {
  try {
    new URL(template.replace(/\{\{[^}]*\}\}/g, 'x'));
    return true;
  } catch {
    return false;
  }
}
