import type { ConversationHistory } from '@x/agent-protocol/routes';
import type { UIMessage } from 'ai';

/**
 * A history page with the server's path-absolute file URLs (signed downloads, `/api/agent/…/files/…`)
 * made absolute against `api` when `api` is a full URL on another origin: an `<img>` on the page
 * would otherwise ask the page's own origin.
 */
export function withAbsoluteFileUrls<MESSAGE extends UIMessage>(page: ConversationHistory<MESSAGE>, api: string | URL | undefined): ConversationHistory<MESSAGE> {
  if (api === undefined || !/^[a-z][a-z0-9+.-]*:\/\//i.test(String(api))) return page;
  const relative = (part: MESSAGE['parts'][number]) => part.type === 'file' && part.url.startsWith('/') && !part.url.startsWith('//');
  if (!page.messages.some((message) => message.parts.some(relative))) return page;
  const messages = page.messages.map((message) =>
    message.parts.some(relative)
      ? { ...message, parts: message.parts.map((part) => (relative(part) && part.type === 'file' ? { ...part, url: new URL(part.url, String(api)).href } : part)) }
      : message,
  );
  return { ...page, messages };
}
