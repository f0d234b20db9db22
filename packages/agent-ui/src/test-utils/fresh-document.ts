import { afterEach } from 'vitest';

const frames: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
});

/**
 * A document of its own (an iframe's) for a test that looks at what React hoists into `<head>`: the
 * `react` project runs a worker's files in one shared jsdom document, where another file's hoisted
 * styles would be already. Render into `container` (`render(ui, { container, baseElement: doc.body })`)
 * and query `doc.head` / `within(doc.body)`; the frame is removed after the test.
 */
export function freshDocument(): { doc: Document; container: HTMLElement } {
  const frame = document.body.appendChild(document.createElement('iframe'));
  frames.push(frame);
  // The layout stand-ins test/setup-dom.ts gives the shared document's window (the frame's elements
  // have its prototypes): a whole chat can render here too.
  const win = frame.contentWindow as Window & typeof globalThis;
  win.Element.prototype.scrollTo ??= function scrollTo() {};
  win.Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  win.matchMedia ??= window.matchMedia;
  const doc = frame.contentDocument!;
  const container = doc.body.appendChild(doc.createElement('div'));
  return { doc, container };
}
