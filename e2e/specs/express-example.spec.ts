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
