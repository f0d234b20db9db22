import { expect, test } from '@playwright/test';
import { EXPRESS_PORT } from '../playwright.config.ts';

const express = `http://127.0.0.1:${EXPRESS_PORT}`;

test('the Express 5 example streams a reply behind express.json() and answers JSON errors', async ({ request }) => {
  const ok = await request.post(`${express}/api/agent/assistant`, {
    data: { messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'from express' }] }] },
  });
  expect(ok.status()).toBe(200);
  expect(ok.headers()['content-type']).toContain('text/event-stream');
  const body = await ok.text();
  expect(body).toContain('"type":"finish"');
  expect(body).toContain('express');

  const bad = await request.post(`${express}/api/agent/assistant`, { data: { messages: 'nope' } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: { code: 'invalid_body' } });
});

test('the Express example answers express.json() failures with the kit\'s JSON errors, not an HTML page', async ({ request }) => {
  const broken = await request.post(`${express}/api/agent/assistant`, {
    headers: { 'content-type': 'application/json' },
    data: '{"messages":[',
  });
  expect(broken.status()).toBe(400);
  expect(broken.headers()['content-type']).toContain('application/json');
  const text = await broken.text();
  expect(JSON.parse(text)).toMatchObject({ error: { code: 'bad_json' } });
  expect(text).not.toContain('node_modules');

  const huge = await request.post(`${express}/api/agent/assistant`, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'x'.repeat(1_100_000) }] }] }),
  });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toMatchObject({ error: { code: 'payload_too_large' } });
});
