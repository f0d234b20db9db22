import type { MouseEvent } from 'react';

/**
 * "Skip to chat": the page's first focusable element, shown only while it has the focus. It moves
 * the focus to the composer (or, when the chat is in its drawer, to the chat's section).
 */
export function SkipLink({ target }: { target: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const section = document.getElementById(target);
    const composer = section?.querySelector<HTMLTextAreaElement>('textarea:not([disabled])');
    if (!section) return;
    event.preventDefault();
    (composer ?? section).focus();
  };
  return (
    <a href={`#${target}`} className="skip-link" onClick={skip}>
      Skip to chat
    </a>
  );
}
