import type { IncomingMessage, ServerResponse } from 'node:http';

/** A node request as node:http, Express 5 or Next's pages router hands it over. */
export type NodeRequest = IncomingMessage & { originalUrl?: string; body?: unknown };
/** Express's `next`: called with an error the handler could not answer itself. */
export type NodeNext = (error?: unknown) => void;
/** A `(req, res, next?)` handler for node:http, Express 5 and Connect-style servers. */
export type NodeHandler = (req: NodeRequest, res: ServerResponse, next?: NodeNext) => void;
