import { MCP_APP_MIME_TYPE } from '@x/agent-protocol/mcp-apps';
import { describe, expect, it } from 'vitest';
import { cachedAppResource } from './mcp-app-cache.js';
import { cleanCsp, readAppResource, type McpAppResourceResult } from './mcp-app-resource.js';

const uri = 'ui://app/index.html';
const client = (content: { mimeType: string; text: string; _meta?: Record<string, unknown> }) => ({
  readResource: async () => ({ contents: [{ uri, ...content }] }),
});

describe('readAppResource', () => {
  it('accepts text/html;profile=mcp-app within the size limit, with its CSP and border wish', async () => {
    const result = await readAppResource(client({ mimeType: MCP_APP_MIME_TYPE, text: '<p>hi</p>', _meta: { ui: { csp: { connectDomains: ['https://api.test'] }, prefersBorder: false } } }), uri, 100);
    expect(result.resource).toEqual({ uri, mimeType: MCP_APP_MIME_TYPE, html: '<p>hi</p>', csp: { connectDomains: ['https://api.test'] }, prefersBorder: false });
  });

  it('refuses another mime type, a resource over the limit, and a server that fails — with the reason', async () => {
    expect((await readAppResource(client({ mimeType: 'text/html', text: '<p>hi</p>' }), uri, 100)).reason).toMatch(/MIME type/);
    expect((await readAppResource(client({ mimeType: MCP_APP_MIME_TYPE, text: 'é'.repeat(60) }), uri, 100)).reason).toMatch(/120 bytes, more than the limit of 100/);
    const failing = { readResource: async () => Promise.reject(new Error('boom')) };
    expect((await readAppResource(failing, uri, 100)).reason).toMatch(/boom/);
  });
});

describe('cleanCsp', () => {
  it('keeps well-formed sources only: nothing that ends a directive or adds a keyword', () => {
    expect(cleanCsp({ connectDomains: ['https://a.test', 'https://b.test; script-src *', "'unsafe-eval'", '*.c.test'], frameDomains: 'x' })).toEqual({ connectDomains: ['https://a.test', '*.c.test'] });
    expect(cleanCsp({ resourceDomains: ['data: x'] })).toBeUndefined();
    expect(cleanCsp('nope')).toBeUndefined();
  });
});

describe('cachedAppResource', () => {
  const source = { type: 'stdio' as const, command: 'node', args: ['app.js'] };
  const ok: McpAppResourceResult = { resource: { uri, mimeType: MCP_APP_MIME_TYPE, html: 'x' } };

  it('reads a resource once per MCP server and URI (per server config); another server or URI reads again', async () => {
    const owner = {};
    let loads = 0;
    const load = async () => (loads++, ok);
    await Promise.all([cachedAppResource(owner, source, uri, load), cachedAppResource(owner, source, uri, load)]);
    await cachedAppResource(owner, { ...source, name: 'renamed' }, uri, load);
    expect(loads).toBe(1);
    await cachedAppResource(owner, { ...source, args: ['other.js'] }, uri, load);
    await cachedAppResource(owner, source, 'ui://app/other.html', load);
    await cachedAppResource({}, source, uri, load);
    expect(loads).toBe(4);
  });

  it('two configs of one server that differ in env or headers never share an entry (the order of keys does not matter)', async () => {
    const owner = {};
    const seen: string[] = [];
    const loader = (label: string) => async (): Promise<McpAppResourceResult> => (seen.push(label), { resource: { uri, mimeType: MCP_APP_MIME_TYPE, html: label } });
    const stdioA = { ...source, name: 'same', env: { API_KEY: 'tenant-a', REGION: 'eu' } };
    const stdioB = { ...source, name: 'same', env: { API_KEY: 'tenant-b', REGION: 'eu' } };
    expect((await cachedAppResource(owner, stdioA, uri, loader('a'))).resource?.html).toBe('a');
    expect((await cachedAppResource(owner, stdioB, uri, loader('b'))).resource?.html).toBe('b');
    expect((await cachedAppResource(owner, { ...source, name: 'same', env: { REGION: 'eu', API_KEY: 'tenant-a' } }, uri, loader('a again'))).resource?.html).toBe('a');
    expect((await cachedAppResource(owner, source, uri, loader('no env'))).resource?.html).toBe('no env');
    const http = { type: 'http' as const, name: 'same', url: 'https://mcp.test/mcp' };
    expect((await cachedAppResource(owner, { ...http, headers: { Authorization: 'Bearer a' } }, uri, loader('ha'))).resource?.html).toBe('ha');
    expect((await cachedAppResource(owner, { ...http, headers: { Authorization: 'Bearer b' } }, uri, loader('hb'))).resource?.html).toBe('hb');
    expect((await cachedAppResource(owner, { ...http, headers: { authorization: 'Bearer a' } }, uri, loader('ha again'))).resource?.html).toBe('ha');
    expect((await cachedAppResource(owner, http, uri, loader('h none'))).resource?.html).toBe('h none');
    expect(seen).toEqual(['a', 'b', 'no env', 'ha', 'hb', 'h none']);
  });

  it('does not keep a failure: the next call reads again', async () => {
    const owner = {};
    let loads = 0;
    const failing = async (): Promise<McpAppResourceResult> => (loads++, { reason: 'down' });
    expect((await cachedAppResource(owner, source, uri, failing)).reason).toBe('down');
    await cachedAppResource(owner, source, uri, async () => Promise.reject(new Error('thrown')));
    expect(await cachedAppResource(owner, source, uri, async () => ok)).toEqual(ok);
    expect(loads).toBe(1);
  });
});
