/** Texts of `A2UISurface` (English by default; pass your own through its `strings` prop). */
export interface A2UIStrings {
  /** Accessible name of a surface. */
  surface: string;
  /** A component type the kit does not draw. */
  unsupported: (type: string) => string;
  /** A child that does not exist (yet). */
  missing: (id: string) => string;
  /** A component that contains itself. */
  cycle: (id: string) => string;
  tooDeep: string;
  tooMany: string;
  /** Shown while a surface has no root component yet. */
  building: string;
  /** Shown in place of a surface that failed to render, before the error's message. */
  failed: string;
  /** Close button of a modal. */
  close: string;
  /** Title of a modal whose trigger has no text. */
  dialog: string;
}
