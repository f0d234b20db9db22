import { z } from 'zod';
import type { AgentErrorIssue } from '@x/agent-protocol';
import type { JsonSchemaObject } from '@x/agent-protocol/routes';

/** A JSON Schema compiled to a validator, or the reason it cannot be. */
export function compileOutputSchema(schema: JsonSchemaObject): { ok: true; validator: z.ZodType } | { ok: false; message: string } {
  try {
    return { ok: true, validator: z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]) };
  } catch (error) {
    return { ok: false, message: `is not a usable JSON Schema (${error instanceof Error ? error.message.slice(0, 200) : 'invalid'})` };
  }
}

/** The structured output of a run's final text: JSON valid against the schema, or the issues. */
export function readOutput(text: string, validator: z.ZodType): { ok: true; value: unknown } | { ok: false; message: string; issues?: AgentErrorIssue[] } {
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch {
    return { ok: false, message: 'The model did not answer with JSON.' };
  }
  const result = validator.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
  return { ok: false, message: `The model's answer does not match the output schema: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues };
}

/** Models often wrap JSON in a ```json fence. */
function stripFence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match ? match[1]! : text;
}
