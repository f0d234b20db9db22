/**
 * A glob as a RegExp over `/`-separated relative paths: `*` (within a segment), `**` (any depth),
 * `?`, `[abc]`, `{a,b}`. A pattern without `/` matches the file name at any depth (`*.md`).
 */
export function globToRegExp(glob: string): RegExp {
  const pattern = glob.includes('/') ? glob.replace(/^\.?\//, '') : `**/${glob}`;
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        const slash = pattern[i + 2] === '/';
        out += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end === -1) out += '\\[';
      else {
        out += `[${pattern.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else if (c === '{') {
      braces++;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === ',' && braces > 0) out += '|';
    else out += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}${')'.repeat(braces)}$`, 'i');
}
