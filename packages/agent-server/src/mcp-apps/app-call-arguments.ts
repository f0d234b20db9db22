import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AgentErrorIssue } from '@x/agent-protocol';
import { HttpError } from '../http/error-response.js';

/** The longest arguments of an app's call that are checked (as JSON text); longer ones are refused. */
export const MAX_APP_CALL_ARGUMENTS_CHARS = 64_000;
/** The largest input schema (as JSON text) an MCP server may give a tool; a larger one is not compiled. */
const MAX_SCHEMA_CHARS = 256_000;
/** Compiled schemas kept (by their JSON text): a server lists the same tools on every turn. */
const CACHE_SIZE = 200;

// `strict: false`: servers' schemas carry keywords and formats ajv does not know; they are ignored,
// not fatal. No logger: an unknown format is not worth a line per call. Draft-07 (and earlier
// drafts' common keywords) with `Ajv`; 2019-09 / 2020-12, the MCP default, with `Ajv2020`.
const options = { strict: false, allErrors: true, logger: false as const, validateFormats: false };
const draft7 = new Ajv(options);
const draft2020 = new Ajv2020(options);
const compiled = new Map<string, ValidateFunction | Error>();

function compile(schema: Record<string, unknown>, text: string): ValidateFunction | Error {
  const cached = compiled.get(text);
  if (cached) return cached;
  const { $schema, ...rest } = schema;
  const ajv = typeof $schema === 'string' && /draft-0[4-7]/.test($schema) ? draft7 : draft2020;
  let result: ValidateFunction | Error;
  try {
    result = ajv.compile(rest);
  } catch (error) {
    result = error instanceof Error ? error : new Error(String(error));
  }
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
  compiled.set(text, result);
  return result;
}

const issueOf = (error: ErrorObject): AgentErrorIssue => {
  const missing = error.keyword === 'required' ? `/${String((error.params as { missingProperty?: unknown }).missingProperty)}` : '';
  const extra = error.keyword === 'additionalProperties' ? `/${String((error.params as { additionalProperty?: unknown }).additionalProperty)}` : '';
  const pointer = `${error.instancePath}${missing}${extra}`;
  const path = pointer.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  return { path: ['arguments', ...path].join('.'), message: (error.message ?? 'is not valid').slice(0, 200) };
};

/**
 * Checks the arguments of a call made from inside an MCP App against the tool's input schema as its
 * MCP server listed it (JSON Schema, `tools/list`), before they reach the server: 400
 * `invalid_body` with the issues when they do not match (or are longer than
 * {@link MAX_APP_CALL_ARGUMENTS_CHARS} as JSON — which also bounds what a schema's `pattern` can
 * cost). A schema that cannot be compiled fails closed: 502 `mcp_app_unavailable`, nothing is sent.
 */
export function checkAppCallArguments(schema: unknown, args: Record<string, unknown>): void {
  const argsText = JSON.stringify(args);
  if (argsText.length > MAX_APP_CALL_ARGUMENTS_CHARS) {
    throw new HttpError('invalid_body', 'The arguments of the call are too long.', [{ path: 'arguments', message: `longer than ${MAX_APP_CALL_ARGUMENTS_CHARS} characters as JSON` }]);
  }
  if (schema === undefined || schema === true) return;
  const text = typeof schema === 'object' && schema !== null ? JSON.stringify(schema) : undefined;
  if (text === undefined || text.length > MAX_SCHEMA_CHARS) throw unusableSchema();
  const validate = compile(schema as Record<string, unknown>, text);
  if (validate instanceof Error) throw unusableSchema();
  if (validate(args)) return;
  throw new HttpError('invalid_body', 'The arguments do not match the tool input schema.', (validate.errors ?? []).slice(0, 20).map(issueOf));
}

const unusableSchema = () => new HttpError('mcp_app_unavailable', 'The input schema its MCP server gives this tool cannot be checked, so the call was not sent.');
