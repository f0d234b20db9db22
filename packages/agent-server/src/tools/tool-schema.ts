import { jsonSchema, type FlexibleSchema, type JSONSchema7 } from 'ai';

/** Whether a value is a plain JSON Schema object (not a zod / Standard Schema / AI SDK schema). */
export function isPlainJsonSchema(value: unknown): value is JSONSchema7 {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if ('~standard' in value) return false;
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Whether a config value can serve as a tool input schema. */
export function isToolSchema(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null) return false;
  return '~standard' in value || Object.getOwnPropertySymbols(value).length > 0 || isPlainJsonSchema(value);
}

/** A tool input schema as the AI SDK takes it: plain JSON Schema objects are wrapped with `jsonSchema()`. */
export function toToolSchema<T = unknown>(schema: FlexibleSchema<T> | JSONSchema7): FlexibleSchema<T> {
  return isPlainJsonSchema(schema) ? jsonSchema<T>(schema) : (schema as FlexibleSchema<T>);
}
