'use client';
import { mcpAppPaths } from '@x/agent-protocol/mcp-apps';
import type { Resolvable } from '@x/agent-react';
import { createContext } from 'react';
import type { McpAppMessageBudget } from './message-budget.js';

/**
 * MCP Apps in the chat (`AgentChat`'s `mcpApps`): a tool result that carries an app renders it in a
 * sandboxed double iframe. Off unless given: it needs a sandbox proxy page on an origin other than
 * the app's (README "MCP Apps").
 */
export interface McpAppsOptions {
  /**
   * URL of the sandbox proxy page (`GET {basePath}/mcp-apps/sandbox` of the agent server), on an
   * origin other than the page's — e.g. `https://sandbox.example.com/api/agent/mcp-apps/sandbox`.
   * The same origin would let the app's frame reach the page; the chat then shows no app.
   */
  sandboxUrl: string;
  /** `POST {basePath}/{agentId}/mcp-apps/resource` (default from `AgentChat`'s `api` and `agentId`). */
  resourceApi?: string;
  /** `POST {basePath}/{agentId}/mcp-apps/call` (default from `AgentChat`'s `api` and `agentId`). */
  callApi?: string;
  /** How long the app may take to start (`ui/initialize`), in ms (default 10,000); then an error shows in its place. */
  initTimeoutMs?: number;
  /**
   * How many messages each app may post to the page (defaults: 200 a second on average, bursts of
   * 400, messages up to 1,000,000 characters). Beyond it messages are dropped before they are parsed;
   * an app over budget for `floodMs` (2,500) is removed, with a notice in its place.
   */
  messageBudget?: McpAppMessageBudget;
  /** Headers of the requests (e.g. auth), a value or a function read at send time. */
  headers?: Resolvable<Record<string, string> | Headers | undefined>;
  credentials?: RequestCredentials;
  /** The fetch used for the requests (default `globalThis.fetch`). */
  fetch?: typeof globalThis.fetch;
}

/** Options with the routes filled in. */
export type ResolvedMcpAppsOptions = McpAppsOptions & { resourceApi: string; callApi: string };

/** What `AgentChat` knows of its server, for the defaults. */
export interface McpAppsChatRoute {
  api?: string | URL;
  agentId: string;
  headers?: McpAppsOptions['headers'];
  credentials?: RequestCredentials;
  fetch?: typeof globalThis.fetch;
}

/** `AgentChat`'s `mcpApps` with the chat's routes, headers, credentials and fetch unless it sets its own. */
export function chatMcpAppsOptions(options: McpAppsOptions | undefined, route: McpAppsChatRoute): ResolvedMcpAppsOptions | undefined {
  if (!options?.sandboxUrl) return undefined;
  const base = String(route.api ?? '/api/agent').replace(/\/+$/, '');
  return {
    resourceApi: mcpAppPaths.resource(base, route.agentId),
    callApi: mcpAppPaths.call(base, route.agentId),
    ...(route.headers !== undefined ? { headers: route.headers } : {}),
    ...(route.credentials ? { credentials: route.credentials } : {}),
    ...(route.fetch ? { fetch: route.fetch } : {}),
    ...options,
  };
}

/** The chat's MCP Apps options; `undefined`: apps are not rendered (their tools show as cards). */
export const McpAppsContext = createContext<ResolvedMcpAppsOptions | undefined>(undefined);
