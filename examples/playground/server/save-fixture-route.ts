import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { FixtureError } from '@x/mock-server';
import { saveFixture } from '@x/mock-server/node';

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * `POST /api/dev/fixtures` `{ name, fixture }`: checks the fixture (`@x/mock-server`'s format) and
 * writes it to `{dir}/{name}.json`. 400 `invalid_fixture` / `bad_json`, 405, 413; nothing is
 * written on bad input.
 */
export async function saveFixtureRoute(req: IncomingMessage, res: ServerResponse, dir: string): Promise<void> {
  const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  if (req.method !== 'POST') return void answer(405, { error: { code: 'method_not_allowed', message: 'POST a fixture.' } });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) return void answer(413, { error: { code: 'payload_too_large', message: 'A fixture is at most 5 MB.' } });
    chunks.push(chunk as Buffer);
  }
  let body: { name?: unknown; fixture?: unknown };
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
  } catch {
    return void answer(400, { error: { code: 'bad_json', message: 'The body is not JSON.' } });
  }
  const name = typeof body.name === 'string' ? body.name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) : '';
  if (!name) return void answer(400, { error: { code: 'invalid_fixture', message: '"name" is required.' } });
  const path = join(dir, `${name}.json`);
  try {
    await mkdir(dir, { recursive: true });
    await saveFixture(path, body.fixture);
  } catch (error) {
    if (error instanceof FixtureError) return void answer(400, { error: { code: 'invalid_fixture', message: error.problem } });
    throw error;
  }
  answer(201, { path: relative(process.cwd(), path) });
}
