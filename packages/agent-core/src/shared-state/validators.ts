/** The part of the Standard Schema interface (zod 4, valibot, arktype, …) the kit uses. */
export interface StandardSchemaLike<OUTPUT = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    /** The result (or a promise of it): the parsed `value`, or the `issues` found. */
    readonly validate: (value: unknown) => StandardSchemaLike.Result<OUTPUT> | Promise<StandardSchemaLike.Result<OUTPUT>>;
  };
}

// eslint-disable-next-line @typescript-eslint/no-namespace -- the result type lives beside the interface, as in Standard Schema's own types
export declare namespace StandardSchemaLike {
  /** What `validate` gives: the parsed `value`, or the `issues` found. */
  export type Result<OUTPUT> =
    | { readonly value: OUTPUT; readonly issues?: undefined }
    | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<unknown> }> };
}

/**
 * Checks a value the agent wants to write: a Standard Schema (a zod schema works as is; its parsed
 * output is what gets written) or a predicate returning `true`/`undefined` (accept), `false`
 * (reject) or a string (reject, with that reason for the model).
 */
export type SharedStateValidator = StandardSchemaLike | ((value: unknown, key: string) => boolean | string | void);

/** `{ ok: true, value }` with the value to write, or `{ ok: false, reason }`. */
export type ValidationOutcome = { ok: true; value: unknown } | { ok: false; reason: string };

export async function runValidator(validator: SharedStateValidator, value: unknown, key: string): Promise<ValidationOutcome> {
  try {
    if (typeof validator === 'function') {
      const verdict = validator(value, key);
      if (verdict === false) return { ok: false, reason: 'invalid value: rejected by the page' };
      if (typeof verdict === 'string') return { ok: false, reason: `invalid value: ${verdict}` };
      return { ok: true, value };
    }
    const result = await validator['~standard'].validate(value);
    if (result.issues) {
      const messages = result.issues.map((issue) => issue.message).join('; ');
      return { ok: false, reason: `invalid value: ${messages || 'does not match the schema'}` };
    }
    return { ok: true, value: result.value };
  } catch (error) {
    return { ok: false, reason: `invalid value: ${error instanceof Error ? error.message : String(error)}` };
  }
}
