/** Names a README documents: every identifier written in backticks (`name`, `name(args)`, `a.b`). */
export function documentedNames(readme: string): Set<string> {
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
