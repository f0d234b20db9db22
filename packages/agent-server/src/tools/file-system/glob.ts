import picomatch from 'picomatch/posix.js';

/**
 * A glob (picomatch) as a matcher of `/`-separated relative paths, case-insensitive: `*` (within a
 * segment), `**` (any depth), `?`, `[abc]`, `{a,b}`. A pattern without `/` matches the file name at
 * any depth (`*.md`).
 */
export function globMatcher(glob: string): (path: string) => boolean {
  const pattern = glob.includes('/') ? glob.replace(/^\.?\//, '') : `**/${glob}`;
  return picomatch(pattern, { nocase: true, dot: true });
}
