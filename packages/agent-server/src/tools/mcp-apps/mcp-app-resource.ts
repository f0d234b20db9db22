import { readMCPAppResource, type MCPClient } from '@ai-sdk/mcp';
import { MCP_APP_MIME_TYPE, type McpAppCsp, type McpAppResource } from '@x/agent-protocol/mcp-apps';

/** A UI resource the server accepted, or why it did not (the tool then works without its app). */
export type McpAppResourceResult = { resource: McpAppResource; reason?: undefined } | { resource?: undefined; reason: string };

/** One CSP source as a resource may name it: a host or origin with an optional `*.` and port, nothing that ends or adds a directive. */
const CSP_SOURCE = /^(?:https?:\/\/|wss?:\/\/)?(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?(?:\/[\w./-]*)?$/i;
const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/**
 * Reads a `ui://` resource from its MCP server and checks it: the mime type must be
 * `text/html;profile=mcp-app` and the HTML at most `maxBytes` (UTF-8). Its `_meta.ui` CSP keeps only
 * well-formed sources (a `;` or a quote could add a directive). Never throws: a failure is a reason.
 */
export async function readAppResource(client: Pick<MCPClient, 'readResource'>, uri: string, maxBytes: number): Promise<McpAppResourceResult> {
  let read: Awaited<ReturnType<typeof readMCPAppResource>>;
  try {
    read = await readMCPAppResource({ client, uri });
  } catch (error) {
    return { reason: `the resource ${uri} could not be used: ${error instanceof Error ? error.message : String(error)}` };
  }
  const bytes = new TextEncoder().encode(read.html).byteLength;
  if (bytes > maxBytes) return { reason: `the resource ${uri} has ${bytes} bytes, more than the limit of ${maxBytes}` };
  const meta = read.meta;
  const csp = cleanCsp(meta?.csp);
  return {
    resource: {
      uri,
      mimeType: MCP_APP_MIME_TYPE,
      html: read.html,
      ...(csp ? { csp } : {}),
      ...(meta?.permissions && typeof meta.permissions === 'object' ? { permissions: meta.permissions } : {}),
      ...(typeof meta?.prefersBorder === 'boolean' ? { prefersBorder: meta.prefersBorder } : {}),
    },
  };
}

/** The resource's CSP wishes with only well-formed sources (at most 32 per directive). */
export function cleanCsp(raw: unknown): McpAppCsp | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const csp: McpAppCsp = {};
  for (const key of CSP_KEYS) {
    const list = (raw as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    const sources = list.filter((s): s is string => typeof s === 'string' && s.length <= 256 && CSP_SOURCE.test(s)).slice(0, 32);
    if (sources.length > 0) csp[key] = sources;
  }
  return Object.keys(csp).length > 0 ? csp : undefined;
}
