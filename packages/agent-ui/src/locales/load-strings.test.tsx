import { act, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { deDE, frFR } from '../test-utils/antd-locales.js';
import { describe, expect, it, vi } from 'vitest';
import { AgentUIProvider, useAgentUIConfig } from '../config.js';
import type { Catalogue } from './catalogue.js';
import en_US from './en_US.js';
import { availableCatalogue, loadStrings, peekStrings } from './load-strings.js';

// The loader map with spies: which catalogue is requested, and when.
const loaders = vi.hoisted(() => ({
  de_DE: vi.fn<() => Promise<{ default: Catalogue }>>(),
  fr_FR: vi.fn<() => Promise<{ default: Catalogue }>>(),
  ru_RU: vi.fn<() => Promise<{ default: Catalogue }>>(),
}));
vi.mock('./catalogue-loaders.js', () => ({ CATALOGUE_LOADERS: loaders }));

const german: Catalogue = { ...en_US, locale: 'de-DE', composer: { ...en_US.composer, send: 'Senden' } };
const french: Catalogue = { ...en_US, locale: 'fr-FR', composer: { ...en_US.composer, send: 'Envoyer' } };

function Send() {
  return <span data-testid="send">{useAgentUIConfig().strings.send}</span>;
}

describe('loading a catalogue on demand', () => {
  it('requests only the active locale’s chunk, shows English until it arrives, then re-renders', async () => {
    let resolve!: (module: { default: Catalogue }) => void;
    loaders.de_DE.mockImplementation(() => new Promise((done) => (resolve = done)));
    expect(loaders.de_DE).not.toHaveBeenCalled();
    expect(peekStrings('de_DE')).toBeUndefined();

    render(
      <ConfigProvider locale={deDE}>
        <AgentUIProvider>
          <Send />
        </AgentUIProvider>
      </ConfigProvider>,
    );
    expect(screen.getByTestId('send')).toHaveTextContent('Send');
    expect(loaders.de_DE).toHaveBeenCalledTimes(1);
    expect(loaders.fr_FR).not.toHaveBeenCalled();
    await act(async () => resolve({ default: german }));
    expect(screen.getByTestId('send')).toHaveTextContent('Senden');
    // Cached: a second load and a second tree use it without another request.
    await loadStrings('de_DE');
    expect(loaders.de_DE).toHaveBeenCalledTimes(1);
    expect(peekStrings('de_DE')?.send).toBe('Senden');
  });

  it('tries a failed load again on the next request', async () => {
    loaders.ru_RU.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: { ...en_US, locale: 'ru-RU' } });
    await expect(loadStrings('ru_RU')).rejects.toThrow('offline');
    expect(peekStrings('ru_RU')).toBeUndefined();
    await expect(loadStrings('ru_RU')).resolves.toMatchObject({ locale: 'ru-RU' });
    expect(loaders.ru_RU).toHaveBeenCalledTimes(2);
  });

  it('uses another region of the language, else English, for a locale without a catalogue file', () => {
    expect(availableCatalogue('fr_CA')).toBe('fr_FR');
    expect(availableCatalogue('ja_JP')).toBe('en_US');
    expect(peekStrings('ja_JP')).toBe(peekStrings('en_US'));
  });

  it('follows a standalone component’s antd locale without an AgentUIProvider', async () => {
    loaders.fr_FR.mockResolvedValue({ default: french });
    render(
      <ConfigProvider locale={frFR}>
        <Send />
      </ConfigProvider>,
    );
    expect(screen.getByTestId('send')).toHaveTextContent('Send');
    expect(await screen.findByText('Envoyer')).toBeInTheDocument();
  });
});

describe('server rendering and hydration', () => {
  it('render only catalogues provided up front, whatever the client has fetched, then switch after hydration', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { provideCatalogue } = await import('./load-strings.js');
    loaders.de_DE.mockResolvedValue({ default: german });
    await loadStrings('de_DE');
    const tree = (
      <ConfigProvider locale={deDE}>
        <AgentUIProvider>
          <Send />
        </AgentUIProvider>
      </ConfigProvider>
    );
    // Fetched on the client but not provided: the server snapshot is English, as the server rendered.
    const html = renderToString(tree);
    expect(html).toContain('>Send<');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    // (The provider's server render also holds the kit's stylesheet: read the component's own text.)
    expect(container.querySelector('[data-testid="send"]')?.textContent).toBe('Senden');
    // Provided up front: the server renders it at once.
    const provided = provideCatalogue('fr_FR', french);
    expect(provided.send).toBe('Envoyer');
    expect(renderToString(<ConfigProvider locale={frFR}><Send /></ConfigProvider>)).toContain('>Envoyer<');
  });
});
