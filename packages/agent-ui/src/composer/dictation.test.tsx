import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createAgentServer } from '@x/agent-server';
import { mockTranscriptionModel, scriptedModel } from '@x/mock-server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { AgentUIProvider } from '../config.js';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { zhCN } from '../locales/built-in-zh.js';
import { AgentComposer } from './composer.js';
import { chatDictationOptions, type ComposerDictationOptions } from './dictation-options.js';
import type { SpeechRecognitionLike, SpeechResultEvent } from './speech-recognition.js';
import { dictation } from '../plugins/dictation.js';


// The microphone button and the recorder code are in the on-demand chunk (first-load.test.ts checks
// that); these tests are about what they do once it is there.
beforeAll(() => preloadOnDemand());

/** A stand-in `MediaRecorder`: `stop()` hands over one chunk of "audio", then fires `onstop`. */
class FakeRecorder {
  static instances: FakeRecorder[] = [];
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(readonly stream: unknown) {
    FakeRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array(64)], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const stopped: string[] = [];
function fakeStream() {
  return { getTracks: () => [{ stop: () => stopped.push('track') }] };
}

function installMicrophone(getUserMedia: () => Promise<unknown>) {
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(getUserMedia) } });
}

function named(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** The transcription route of a real agent server with the mock transcription model, in process. */
function transcribingServer(text = 'book a table for two', maxAudioBytes?: number) {
  const server = createAgentServer({
    agents: { helper: { model: scriptedModel({ steps: [[{ type: 'text', text: 'ok' }]] }) } },
    transcription: { model: mockTranscriptionModel(text), ...(maxAudioBytes ? { maxAudioBytes } : {}) },
  });
  const requests: { type: string | null; bytes: number }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    // jsdom's Blob is not Node's: hand the server the bytes.
    const body = init?.body instanceof Blob ? new Uint8Array(await init.body.arrayBuffer()) : init?.body;
    const request = new Request(new URL(String(input), 'http://localhost'), { ...init, body });
    requests.push({ type: request.headers.get('content-type'), bytes: body instanceof Uint8Array ? body.byteLength : 0 });
    return server.fetch(request);
  };
  return { fetch, requests };
}

const micButton = (name = 'Dictate') => screen.getByRole('button', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  FakeRecorder.instances = [];
  stopped.length = 0;
});

describe('AgentComposer dictation', () => {
  it('records, transcribes on the server and puts the words in the composer to edit — never sends them', async () => {
    installMicrophone(async () => fakeStream());
    const { fetch, requests } = transcribingServer();
    const onSend = vi.fn(() => true);
    const user = userEvent.setup();
    render(<AgentComposer onSend={onSend} dictation={{ transcribeApi: '/api/agent/helper/transcribe', mode: 'record', fetch }} />);
    const textbox = screen.getByRole('textbox', { name: 'Message' });
    await user.type(textbox, 'Please');
    expect(micButton()).toHaveAttribute('aria-pressed', 'false');
    await user.click(micButton());
    const stop = await screen.findByRole('button', { name: 'Stop dictation', pressed: true });
    expect(document.querySelector('[data-xagent-dictation-indicator="recording"]')).toHaveTextContent('Recording…');
    expect(document.querySelector('[data-xagent-dictation-live]')).toHaveTextContent('Recording…');
    await user.click(stop);
    await waitFor(() => expect(textbox).toHaveValue('Please book a table for two'));
    expect(requests).toEqual([{ type: 'audio/webm;codecs=opus', bytes: 64 }]);
    expect(stopped).toEqual(['track']); // the microphone is released
    expect(micButton()).toHaveAttribute('aria-pressed', 'false');
    expect(document.querySelector('[data-xagent-dictation-live]')).toHaveTextContent('Dictated text added to the message');
    expect(textbox).toHaveFocus();
    expect(onSend).not.toHaveBeenCalled();
    await user.type(textbox, ' at eight{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ text: 'Please book a table for two at eight' }));
  });

  it('says so when the microphone permission is denied', async () => {
    installMicrophone(async () => Promise.reject(named('NotAllowedError', 'Permission denied')));
    const user = userEvent.setup();
    render(<AgentComposer onSend={() => true} dictation={{ transcribeApi: '/t', mode: 'record' }} />);
    await user.click(micButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Microphone access was denied.');
    expect(micButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when there is no microphone', async () => {
    installMicrophone(async () => Promise.reject(named('NotFoundError', 'Requested device not found')));
    const user = userEvent.setup();
    render(<AgentComposer onSend={() => true} dictation={{ transcribeApi: '/t' }} />);
    await user.click(micButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('No microphone was found.');
  });

  it('says so in an unsupported browser (no speech recognition, no MediaRecorder)', async () => {
    const user = userEvent.setup();
    render(<AgentComposer onSend={() => true} dictation={{ transcribeApi: '/t' }} />);
    await user.click(micButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser does not support dictation.');
  });

  it('says so in zh-CN too', async () => {
    installMicrophone(async () => Promise.reject(named('NotAllowedError')));
    const user = userEvent.setup();
    render(
      <AgentUIProvider locale={zhCN}>
        <AgentComposer onSend={() => true} dictation={{ transcribeApi: '/t', mode: 'record' }} />
      </AgentUIProvider>,
    );
    await user.click(screen.getByRole('button', { name: '语音输入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('麦克风权限被拒绝');
  });

  it('reports a recording over the server’s limit as too long', async () => {
    installMicrophone(async () => fakeStream());
    const { fetch } = transcribingServer('never', 16);
    const user = userEvent.setup();
    render(<AgentComposer onSend={() => true} dictation={{ transcribeApi: '/api/agent/helper/transcribe', mode: 'record', fetch }} />);
    await user.click(micButton());
    await user.click(await screen.findByRole('button', { name: 'Stop dictation', pressed: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The recording is too long.');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('uses the browser’s speech recognition when it has one, from the keyboard', async () => {
    let recognition: (SpeechRecognitionLike & { emit(text: string): void }) | undefined;
    class FakeRecognition implements SpeechRecognitionLike {
      lang = '';
      continuous = false;
      interimResults = true;
      onresult: ((event: SpeechResultEvent) => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      constructor() {
        recognition = Object.assign(this, {
          emit: (text: string) => this.onresult?.({ resultIndex: 0, results: [{ isFinal: true, 0: { transcript: text } }] }),
        });
      }
      start() {}
      stop() {
        this.onend?.();
      }
      abort() {}
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const user = userEvent.setup();
    render(<AgentComposer onSend={() => true} dictation={{ lang: 'en-GB' }} />);
    micButton().focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Stop dictation', pressed: true })).toBeInTheDocument();
    expect(document.querySelector('[data-xagent-dictation-indicator="listening"]')).toHaveTextContent('Listening… speak now');
    expect(recognition?.lang).toBe('en-GB');
    recognition!.emit(' hello there ');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('hello there'));
    await user.click(screen.getAllByRole('button', { name: 'Stop dictation' })[0]!);
    await waitFor(() => expect(micButton()).toHaveAttribute('aria-pressed', 'false'));
  });

  it('falls back to recording when the browser’s recognition service is unreachable (auto mode)', async () => {
    class OfflineRecognition {
      lang = '';
      continuous = false;
      interimResults = true;
      onresult = null;
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        queueMicrotask(() => {
          this.onerror?.({ error: 'network' });
          this.onend?.();
        });
      }
      stop() {}
      abort() {}
    }
    vi.stubGlobal('SpeechRecognition', OfflineRecognition);
    installMicrophone(async () => fakeStream());
    const { fetch } = transcribingServer('recorded instead');
    const user = userEvent.setup();
    render(<AgentComposer onSend={() => true} dictation={{ transcribeApi: '/api/agent/helper/transcribe', fetch }} />);
    await user.click(micButton());
    await screen.findByRole('button', { name: 'Stop dictation', pressed: true });
    await waitFor(() => expect(document.querySelector('[data-xagent-dictation-indicator="recording"]')).not.toBeNull());
    expect(FakeRecorder.instances).toHaveLength(1);
    await user.click(screen.getAllByRole('button', { name: 'Stop dictation' })[0]!);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('recorded instead'));
  });
});

describe('AgentChat dictation prop', () => {
  it('is off by default and, turned on, transcribes through the chat’s own server route', async () => {
    installMicrophone(async () => fakeStream());
    const { fetch, requests } = transcribingServer('from the chat');
    const user = userEvent.setup();
    const { rerender } = render(<AgentChat agentId="helper" welcome={false} chatOptions={{ fetch }} />);
    expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull();
    rerender(<AgentChat agentId="helper" welcome={false} chatOptions={{ fetch }} plugins={[dictation({ mode: 'record' })]} />);
    await user.click(micButton());
    await user.click(await screen.findByRole('button', { name: 'Stop dictation', pressed: true }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('from the chat'));
    expect(requests).toHaveLength(1);
  });

  it('derives the transcription route, headers and fetch from the chat unless given', () => {
    const headers = { authorization: 'Bearer t' };
    expect(chatDictationOptions(undefined, { agentId: 'a' })).toBeUndefined();
    expect(chatDictationOptions(false, { agentId: 'a' })).toBeUndefined();
    expect(chatDictationOptions(true, { agentId: 'my agent', api: 'https://x.test/api/', headers })).toEqual<ComposerDictationOptions>({
      transcribeApi: 'https://x.test/api/my%20agent/transcribe',
      headers,
    });
    expect(chatDictationOptions({ transcribeApi: '/stt', mode: 'speech' }, { agentId: 'a' })).toEqual({ transcribeApi: '/stt', mode: 'speech' });
  });
});
