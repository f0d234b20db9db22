/** Words a title does not start with (how people open a request, not what it is about). */
const LEADING_FILLER = new Set(
  ('please pls hey hi hello ok okay so can could would will you u i me we my tell show give let lets let\'s ' +
    'what what\'s whats is are was were how do does did the a an to about with some help need want like just quick quickly').split(' '),
);
/** Words a title does not end with. */
const TRAILING_FILLER = new Set('a an the to of in on at for with and or but from by is are my your please'.split(' '));

/**
 * A short conversation title from a message's keywords: filler at the start (greetings, "can you",
 * "what is the") and dangling words at the end dropped, at most five words and 40 characters,
 * first letter capitalised. "What is the weather in Tokyo?" → "Weather in Tokyo".
 */
export function keywordTitle(message: string): string {
  const words = message.replace(/[^\p{L}\p{N}\s'-]/gu, ' ').split(/\s+/).filter(Boolean);
  let start = 0;
  while (start < words.length - 1 && LEADING_FILLER.has(words[start]!.toLowerCase())) start++;
  const ARTICLES = new Set(['a', 'an', 'the']);
  let picked = words.slice(start).filter((w, i) => i === 0 || !ARTICLES.has(w.toLowerCase())).slice(0, 5);
  while (picked.length > 1 && TRAILING_FILLER.has(picked.at(-1)!.toLowerCase())) picked = picked.slice(0, -1);
  let title = picked.join(' ');
  if (title.length > 40) title = title.slice(0, 40).replace(/\s+\S*$/, '');
  if (!title) return 'New conversation';
  return title.charAt(0).toUpperCase() + title.slice(1);
}
