/**
 * Names a README documents: every identifier written in backticks (`name`, `name(args)`, `a.b`).
 * The generated surface table (`<!-- surface:start -->` … `<!-- surface:end -->`) lists names
 * without saying what they do, so it does not count.
 */
export function documentedNames(markdown: string): Set<string> {
  const readme = markdown.replace(/<!-- surface:start -->[\s\S]*?<!-- surface:end -->/g, '');
  const names = new Set<string>();
  for (const match of readme.matchAll(/`([^`\n]+)`/g)) {
    for (const word of match[1]!.matchAll(/[A-Za-z_$][\w$]*/g)) names.add(word[0]);
  }
  // Fenced code blocks document names too (imports, calls).
  for (const block of readme.matchAll(/```[\s\S]*?```/g)) {
    for (const word of block[0].matchAll(/[A-Za-z_$][\w$]*/g)) names.add(word[0]);
  }
  return names;
}
