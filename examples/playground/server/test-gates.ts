import type { IncomingMessage, ServerResponse } from 'node:http';
import { scriptGates, type ControlledScriptGates } from '@x/mock-server';

/**
 * Test gates (`PLAYGROUND_TEST_GATES=1`, set by the e2e run only): the scripted replies hold where
 * their script has a `gate` (the paragraphs reply, after its second paragraph) until a spec opens it
 * with `POST /api/test/gates/{name}` — so a spec acts mid-reply for sure, without a slow pace to
 * leave it time. Off (the default), the replies never hold and the route does not exist.
 */
export function playgroundGates(): ControlledScriptGates | undefined {
  return process.env.PLAYGROUND_TEST_GATES === '1' ? scriptGates() : undefined;
}

const GATE_PATH = /^\/api\/test\/gates\/([a-z0-9-]{1,40})$/;

/** Answers `POST /api/test/gates/{name}` (204, the gate opened once); false when the request is not that route. */
export function gatesRoute(req: IncomingMessage, res: ServerResponse, gates: ControlledScriptGates | undefined): boolean {
  const name = gates && req.method === 'POST' ? GATE_PATH.exec(req.url ?? '')?.[1] : undefined;
  if (!gates || name === undefined) return false;
  gates.open(name);
  res.writeHead(204).end();
  return true;
}
