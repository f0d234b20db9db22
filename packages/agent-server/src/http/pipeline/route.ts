import type { z } from 'zod';
import type { AgentErrorCode } from '@x/agent-protocol';
import type { AgentUser } from '../../config/tool-types.js';
import type { AgentConfig } from '../../config/types.js';
import type { HttpError } from '../error-response.js';

/** The HTTP methods a route of the table answers (upper case, as the router wants them). */
export type RouteMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a route knows who is asking: `user` runs `config.authenticate` (401 without a user); `signed`
 * authorizes itself (a signed download URL: an `<img>` sends no Authorization header; its handler
 * checks the signature); `none` is public (the MCP sandbox page).
 */
export type RouteAuth = 'user' | 'signed' | 'none';

/**
 * The body of a route, read and checked by the pipeline before the handler runs:
 * - `none`: no body is read.
 * - `json`: content type (415), size (413), UTF-8 / JSON / nesting / `__proto__` (400), then the
 *   route's zod `schema` (400 `invalid_body` — or `invalid.code` — with the issues), then `check`
 *   (a refusal that needs the server's settings, e.g. the file parts of a chat body). `optional`: an
 *   empty body is `undefined` (the stop route). `maxBytes`: the server's `limits.maxBodyBytes` unless set.
 * - `stream`: the raw bytes, handed on unread (a file upload, a recording); the handler checks the
 *   media type against its settings and streams it with a size limit.
 */
export type RouteBody<B> =
  | { kind: 'none' }
  | { kind: 'stream' }
  | {
      kind: 'json';
      schema: z.ZodType<B>;
      maxBytes?: number;
      optional?: boolean;
      invalid?: { code: AgentErrorCode; message: string };
      check?: (body: B) => void;
    };

/** The agent a route resolved from `{agentId}` (404 `unknown_agent`; its `access` passed, else 403). */
export interface ResolvedAgent {
  agentId: string;
  agent: AgentConfig;
}

/** What a handler receives: everything checked, nothing left to parse. */
export interface RouteInput<P extends string, Q extends string, B, A extends boolean> {
  request: Request;
  url: URL;
  /** The path's ids, decoded and checked with the protocol's id rule. */
  params: Readonly<Record<P, string>>;
  /** The query's ids (absent or empty: undefined), checked with the id rule. */
  query: Readonly<Partial<Record<Q, string>>>;
  body: B;
  /** `authenticate`'s user (undefined without `authenticate`, and on `signed` / `none` routes). */
  user: AgentUser | undefined;
  /** The user's id in the store (`storeUserId`). */
  userId: string;
  /** With `agent: true`: the resolved agent. */
  agent: A extends true ? ResolvedAgent : undefined;
}

/** One row of the route table (see `route-table.ts`). */
export interface RouteSpec<P extends string, Q extends string, B, A extends boolean> {
  /** A name for logs and tests (`conversation.rename`). */
  name: string;
  methods: readonly RouteMethod[];
  /** The path under `basePath`, in Hono router syntax: `/conversations/:conversationId/branch`. */
  path: string;
  auth: RouteAuth;
  /** Whether `{agentId}` names an agent to resolve (404) and check `access` on (403). */
  agent: A;
  /** The path parameters (other than `agentId`); each is an id (400 `invalid_id` naming `path.{name}`). */
  params: readonly P[];
  /** The query parameters that are ids (400 `invalid_id` naming `query.{name}`). Others are the handler's to read. */
  query: readonly Q[];
  body: RouteBody<B>;
  /** Whether the route changes state: then a cross-site request is refused (403 `cross_site_request`). */
  changesState: boolean;
  /** A trailing slash never names this route (404): `…/messages/..` must not become the conversation. */
  noTrailingSlash?: boolean;
  /** Why the route is unavailable on this server (no store, no transcription model): answered after the agent is resolved. */
  unavailable?: () => HttpError | undefined;
  handle: (input: RouteInput<P, Q, B, A>) => Promise<Response>;
}

/** A row of the table with its types erased (the table holds routes of every shape). */
export type AnyRoute = RouteSpec<string, string, unknown, boolean>;

/** Declares one route, inferring its parameter names and body type for the handler. */
export function route<const P extends string = never, const Q extends string = never, B = undefined, const A extends boolean = false>(
  spec: RouteSpec<P, Q, B, A>,
): AnyRoute {
  // The pipeline hands the handler exactly the params, query and body the spec declares.
  return spec as unknown as AnyRoute;
}
