'use client';
import type { CSSProperties } from 'react';
import { safeUrl } from '../markdown/safe-url.js';
import type { McpContentItem, McpToolResult } from './tool-result.js';

const textStyle: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '4px 0' };
const imageStyle: CSSProperties = { maxWidth: '100%', maxHeight: 320, height: 'auto', display: 'block', margin: '4px 0' };

function Item({ item }: { item: McpContentItem }) {
  const i = item as Record<string, unknown>;
  switch (item.type) {
    case 'text':
      return <div dir="auto" style={textStyle}>{typeof i.text === 'string' ? i.text : ''}</div>;
    case 'image': {
      // Only base64 images of the tool's own bytes (never a URL that would be fetched).
      const src = safeUrl(`data:${String(i.mimeType)};base64,${String(i.data)}`, { allowDataImages: true });
      return src ? <img src={src} alt="" style={imageStyle} /> : null;
    }
    case 'resource': {
      const resource = (i.resource ?? {}) as { uri?: string; text?: string; mimeType?: string };
      return (
        <div style={{ margin: '4px 0' }} data-xagent-mcp-resource="">
          <code>{resource.uri ?? ''}</code>
          {typeof resource.text === 'string' ? <div dir="auto" style={textStyle}>{resource.text}</div> : null}
        </div>
      );
    }
    case 'resource_link': {
      const href = safeUrl(typeof i.uri === 'string' ? i.uri : undefined);
      const label = String(i.title ?? i.name ?? i.uri ?? '');
      return <div style={{ margin: '4px 0' }}>{href && /^https?:/i.test(href) ? <a href={href} target="_blank" rel="noopener noreferrer">{label}</a> : <code>{label}</code>}</div>;
    }
    default:
      return <div style={textStyle}>{`${item.type}${typeof i.mimeType === 'string' ? ` (${i.mimeType})` : ''}`}</div>;
  }
}

/** The content of an MCP tool result as people read it: its text, its images, its resources. */
export function McpContent({ result }: { result: McpToolResult }) {
  return (
    <div data-xagent-mcp-content="">
      {result.content.map((item, index) => (
        <Item key={index} item={item} />
      ))}
    </div>
  );
}
