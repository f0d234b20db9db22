import { realpath } from 'node:fs/promises';
import path from 'node:path';

/** A path inside the base: absolute on disk, and relative to the base with `/` separators. */
export interface ResolvedPath {
  absolute: string;
  relative: string;
}

/** A refused or missing path; the message is what the model sees. */
export class FileToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileToolError';
  }
}

/**
 * The one resolver every file tool uses. Empty or `/` is the base; leading slashes are stripped
 * (the path is re-rooted under the base); whatever resolves outside the base — `..` traversal, a
 * sibling such as `kb-evil` beside `kb`, or a symlink leading out (checked on the real path) — is
 * refused with a clear error.
 */
export class PathResolver {
  private constructor(readonly base: string) {}

  /** A resolver for `basePath` (its real path, so a symlinked base works). */
  static async create(basePath: string): Promise<PathResolver> {
    return new PathResolver(await realpath(path.resolve(basePath)));
  }

  /** Whether an absolute path is the base or below it (a sibling sharing the prefix is not). */
  contains(absolute: string): boolean {
    const rel = path.relative(this.base, absolute);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  }

  /** The base-relative form of an absolute path inside the base. */
  relative(absolute: string): string {
    return path.relative(this.base, absolute).split(path.sep).join('/');
  }

  /** Resolves a path the model gave; the target must exist and stay inside the base. */
  async resolve(input: unknown): Promise<ResolvedPath> {
    if (input !== undefined && input !== null && typeof input !== 'string') throw new FileToolError('path must be a string');
    const raw = (input ?? '').trim();
    if (raw.includes('\0')) throw new FileToolError('path must not contain NUL characters');
    const rooted = raw.replace(/^[/\\]+/, '');
    const candidate = path.resolve(this.base, rooted);
    if (!this.contains(candidate)) throw outside(raw);
    let real: string;
    try {
      real = await realpath(candidate);
    } catch {
      throw new FileToolError(`"${raw || '/'}" does not exist`);
    }
    if (!this.contains(real)) throw outside(raw);
    return { absolute: real, relative: this.relative(real) };
  }

  /** The real path of an entry found while walking, or `undefined` when it leads outside the base or is gone. */
  async inside(absolute: string): Promise<string | undefined> {
    try {
      const real = await realpath(absolute);
      return this.contains(real) ? real : undefined;
    } catch {
      return undefined;
    }
  }
}

function outside(raw: string): FileToolError {
  return new FileToolError(`access denied: "${raw}" is outside the allowed directory`);
}
