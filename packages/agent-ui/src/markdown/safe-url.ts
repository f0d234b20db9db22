/**
 * `url` when it is safe to put in an `href`/`src` of untrusted content: http(s), mailto and tel
 * URLs (and, with `allowDataImages`, `data:image/…` for previews of the user's own files).
 * `javascript:`, `vbscript:`, `data:` and anything unparsable give `undefined`.
 */
export function safeUrl(url: string | undefined, options: { allowDataImages?: boolean; allowBlob?: boolean } = {}): string | undefined {
  if (!url) return undefined;
  // Control characters and whitespace inside the scheme are how filters get bypassed ("java\tscript:").
  const trimmed = url.trim();
  for (const char of trimmed) {
    const code = char.charCodeAt(0);
    if (code < 32 || code === 127) return undefined;
  }
  if (options.allowDataImages && /^data:image\/(png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i.test(trimmed)) return trimmed;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, 'https://relative.invalid/');
  } catch {
    return undefined;
  }
  const allowed = ['http:', 'https:', 'mailto:', 'tel:', ...(options.allowBlob ? ['blob:'] : [])];
  return allowed.includes(parsed.protocol) ? trimmed : undefined;
}

/**
 * `url` when it is an absolute http(s) URL that {@link safeUrl} keeps, else `undefined`: what untrusted
 * content may open in a new tab (an A2UI `openUrl`, an MCP App's `ui/open-link`). `mailto:`, `tel:`
 * and relative URLs are refused (fail closed: they would start another app or act on this origin).
 */
export function safeHttpUrl(url: string | undefined): string | undefined {
  return url !== undefined && /^https?:\/\//i.test(url.trim()) ? safeUrl(url) : undefined;
}

/** Whether `url` leaves the current origin (links to it open in a new tab). */
export function isExternalUrl(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}
