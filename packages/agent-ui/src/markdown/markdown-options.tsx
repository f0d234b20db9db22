'use client';
import { createContext, useContext } from 'react';

/** How markdown from the model is rendered (`AgentChat`'s / `AgentUIProvider`'s `markdown` option). */
export interface MarkdownOptions {
  /**
   * Images in model output. By default none is fetched: each shows a placeholder naming its host,
   * and loads when clicked (an image URL can carry data out after a prompt injection).
   * `allow` lists hosts whose images load at once (`'cdn.example.com'`, or `'*.example.com'` for
   * its subdomains).
   */
  images?: { allow?: readonly string[] };
  /**
   * Routes every image of model output through the app's own proxy: return the URL to load instead,
   * or `undefined` to keep the image behind its placeholder. Images it resolves load at once.
   */
  resolveImageUrl?: (url: string) => string | undefined;
}

const MarkdownOptionsContext = createContext<MarkdownOptions>({});

/** Provides {@link MarkdownOptions} to the markdown below. */
export const MarkdownOptionsProvider = MarkdownOptionsContext.Provider;

/** The markdown options in scope. */
export function useMarkdownOptions(): MarkdownOptions {
  return useContext(MarkdownOptionsContext);
}

/** Whether `host` matches an `allow` entry (`example.com`, or `*.example.com` for subdomains). */
export function hostAllowed(host: string, allow: readonly string[] | undefined): boolean {
  if (!allow?.length || !host) return false;
  const h = host.toLowerCase();
  return allow.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('*.') ? h.endsWith(e.slice(1)) && h.length > e.length - 1 : h === e;
  });
}

/**
 * The URL an image of model output may load from at once: through `resolveImageUrl` when given,
 * directly when its host is allowed, otherwise `undefined` (it waits for a click).
 */
export function imageSource(url: string, options: MarkdownOptions): string | undefined {
  if (options.resolveImageUrl) return options.resolveImageUrl(url);
  return hostAllowed(hostOf(url), options.images?.allow) ? url : undefined;
}

/** The host of `url` (resolved against the page for relative URLs), or `''`. */
export function hostOf(url: string): string {
  try {
    return new URL(url, globalThis.location?.href ?? 'https://relative.invalid/').host;
  } catch {
    return '';
  }
}
