import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { axeViolations } from '../support/axe.ts';
import { chatOf, openPlayground } from '../support/chat.ts';

/** A mono 16-bit PCM WAV file of a tone: what Chromium's fake microphone plays. */
function toneWav(seconds: number, sampleRate = 16_000, hz = 440): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * 12_000), 44 + i * 2);
  return wav;
}

const audioFile = join(tmpdir(), `xkit-dictation-${process.pid}.wav`);
writeFileSync(audioFile, toneWav(2));

const base = chromiumLaunchOptions('tests');
test.use({
  launchOptions: {
    ...base,
    args: [...base.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${audioFile}`],
  },
});

test('dictation, recorded path: record → stop → the transcript lands in the composer → edit → send', async ({ page }) => {
  // Headless Chromium's Web Speech API needs Google's service: hide it so the composer records the
  // fake microphone and sends the audio to the server's transcription route (the mock model).
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'SpeechRecognition');
    Reflect.deleteProperty(window, 'webkitSpeechRecognition');
  });
  await openPlayground(page);
  const chat = chatOf(page);
  const mic = page.getByRole('button', { name: 'Dictate', exact: true });
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await mic.focus();
  await page.keyboard.press('Enter');

  const indicator = page.locator('[data-xagent-dictation-indicator="recording"]');
  await expect(indicator).toContainText('Recording…');
  await expect(page.getByRole('button', { name: 'Stop dictation', pressed: true })).toBeVisible();
  await expect(page.locator('[data-xagent-dictation-live]')).toHaveText('Recording…');
  await expect(indicator).toContainText('0:01'); // the elapsed time runs
  expect(await axeViolations(page)).toEqual([]);

  const transcribed = page.waitForResponse((response) => response.url().endsWith('/api/agent/assistant/transcribe'));
  await indicator.getByRole('button', { name: 'Stop dictation' }).click();
  const response = await transcribed;
  expect(response.status()).toBe(200);
  expect(response.request().headers()['content-type']).toMatch(/^audio\/webm/);

  await expect(chat.composer).toHaveValue(/^Dictated with the mock transcription model \(\d+ bytes of audio\/webm\)\.$/);
  const heard = await chat.composer.inputValue();
  expect(Number(/\((\d+) bytes/.exec(heard)![1])).toBeGreaterThan(1000); // real audio was recorded
  await expect(page.locator('[data-xagent-dictation-live]')).toContainText('Dictated text added to the message');
  await expect(chat.composer).toBeFocused();
  await expect(indicator).toHaveCount(0);
  await expect(chat.messages('user')).toHaveCount(0); // never sent by itself

  await chat.composer.press('End');
  await chat.composer.pressSequentially(' Say hello');
  await chat.composer.press('Enter');
  await expect(chat.messages('user').last()).toContainText(`${heard} Say hello`);
  await chat.waitReady();
  await expect(chat.messages('assistant').last()).not.toBeEmpty();
});

test('dictation: a denied microphone says so, and nothing is recorded', async ({ page }) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'SpeechRecognition');
    Reflect.deleteProperty(window, 'webkitSpeechRecognition');
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await openPlayground(page);
  const mic = page.getByRole('button', { name: 'Dictate', exact: true });
  await mic.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Microphone access was denied' })).toBeVisible();
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('[data-xagent-dictation-indicator]')).toHaveCount(0);
});
