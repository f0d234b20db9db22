import { jsonSchema, type FlexibleSchema, type JSONSchema7 } from 'ai';
import { z } from 'zod';

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

const cache = new WeakMap<object, FlexibleSchema<unknown>>();

/**
 * A tool input schema as the AI SDK takes it. A plain JSON Schema object is sent to the model as
 * it is and the model's input is validated against it (through zod's `fromJSONSchema`; a schema
 * zod cannot read is sent without server-side validation).
 */
export function toToolSchema<T = unknown>(schema: FlexibleSchema<T> | JSONSchema7): FlexibleSchema<T> {
  if (!isPlainJsonSchema(schema)) return schema as FlexibleSchema<T>;
  let wrapped = cache.get(schema);
  if (!wrapped) {
    let validator: z.ZodType | undefined;
    try {
      validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    } catch {
      validator = undefined;
    }
    wrapped = validator
      ? jsonSchema<unknown>(schema, {
          validate: (value) => {
            const result = validator.safeParse(value);
            return result.success ? { success: true, value: result.data } : { success: false, error: new Error(z.prettifyError(result.error)) };
          },
        })
      : jsonSchema<unknown>(schema);
    cache.set(schema, wrapped);
  }
  return wrapped as FlexibleSchema<T>;
}
