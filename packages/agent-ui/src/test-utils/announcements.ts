/** The kit's live region in `container` (AnnouncerProvider's `[data-xagent-announcer]`). */
const regionOf = (container: HTMLElement) => container.querySelector('[data-xagent-announcer]')!;

/** Every text the live region was given, in order (the zero-width suffix that repeats a sentence removed). */
export function recordAnnouncements(container: HTMLElement): string[] {
  const region = regionOf(container);
  const said: string[] = [];
  new MutationObserver(() => {
    const text = region.textContent?.replace(/\u200b/g, '') ?? '';
    if (text) said.push(text);
  }).observe(region, { childList: true, characterData: true, subtree: true });
  return said;
}
