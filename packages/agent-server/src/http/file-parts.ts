import { parseFileRef } from '@x/agent-protocol/routes';
import { type AgentErrorIssue } from '@x/agent-protocol';

/**
 * Problems of the `file` parts of client messages, checked at the edge because the AI SDK fails
 * on them deep inside the turn (a thrown `new URL()` or a failed base64 decode mid-stream):
 * `url` must be a base64 `data:` URL (the SDK decodes every data URL's payload as base64) — or an
 * http(s) URL when `allowRemote` (`limits.allowRemoteFileUrls`): the SDK downloads those on the
 * server, so by default a client cannot make the server fetch an address of its choosing — or,
 * with `allowRefs` (a server with `config.files`), an `x-blob:{id}` reference; and `mediaType` a
 * `type/subtype`.
 */
export function fileUrlIssues(
  messages: readonly { parts?: readonly unknown[] | undefined }[],
  options: { allowRemote?: boolean; allowRefs?: boolean } = {},
): AgentErrorIssue[] {
  const issues: AgentErrorIssue[] = [];
  messages.forEach((message, m) => {
    message.parts?.forEach((part, p) => {
      if (typeof part !== 'object' || part === null || (part as { type?: unknown }).type !== 'file') return;
      const { url, mediaType } = part as { url?: unknown; mediaType?: unknown };
      const at = `messages.${m}.parts.${p}`;
      if (typeof mediaType !== 'string' || !/^[\w.+-]+\/[\w.+*-]+$/.test(mediaType)) {
        issues.push({ path: `${at}.mediaType`, message: 'must be a media type like image/png' });
      }
      const problem =
        typeof url === 'string' ? (options.allowRefs && parseFileRef(url) !== undefined ? undefined : urlProblem(url, options.allowRemote === true)) : 'must be a string';
      if (problem) issues.push({ path: `${at}.url`, message: problem });
    });
  });
  return issues;
}

function urlProblem(url: string, allowRemote: boolean): string | undefined {
  const accepted = allowRemote ? 'an http(s) URL or a base64 data: URL' : 'a base64 data: URL';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `must be ${accepted}`;
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
    // The AI SDK would download it on the server (SSRF): only when the app allows it.
    return allowRemote ? undefined : 'remote file URLs are not accepted (the server would fetch them); send the file as a base64 data: URL';
  }
  if (parsed.protocol !== 'data:') return `must be ${accepted}`;
  const comma = url.indexOf(',');
  const header = url.slice(5, comma === -1 ? undefined : comma);
  if (comma === -1 || !/;base64$/i.test(header)) return 'a data: URL must be base64-encoded (data:<type>;base64,…)';
  try {
    atob(url.slice(comma + 1));
  } catch {
    return 'the data: URL payload is not valid base64';
  }
  return undefined;
}
