import { render, screen, waitFor } from '@testing-library/react';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { ConfigProvider } from 'antd';
import { deDE } from '../test-utils/antd-locales.js';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { AgentUIProvider, useAgentUIConfig } from '../config.js';
import { AgentConversations } from '../conversations/agent-conversations.js';
import { zhCN } from './built-in-zh.js';
import de_DE from './de_DE.js';

const server = createScenarioServer({ scenarios: [scenarios.plainText], smartAgentId: false });
const fetch = inProcessFetch(server);

function Probe() {
  const { strings, direction } = useAgentUIConfig();
  return (
    <span data-testid="probe" data-direction={direction}>
      {strings.send} · {strings.queue.sendNow} · {strings.earlierMessages(1200)}
    </span>
  );
}

describe('the kit’s strings follow antd’s ConfigProvider locale', () => {
  it('an AgentChat inside <ConfigProvider locale={deDE}> is German with no extra prop', async () => {
    render(
      <ConfigProvider locale={deDE}>
        <AgentChat agentId="plain-text" chatOptions={{ fetch }} />
      </ConfigProvider>,
    );
    expect(await screen.findByRole('textbox', { name: de_DE.composer.label }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('log', { name: de_DE.chat.conversation })).toBeInTheDocument();
  });

  it('an explicit kit locale wins over antd’s', () => {
    render(
      <ConfigProvider locale={deDE}>
        <AgentChat agentId="plain-text" chatOptions={{ fetch }} ui={{ locale: zhCN }} />
      </ConfigProvider>,
    );
    expect(screen.getByRole('textbox', { name: '消息' })).toBeInTheDocument();
  });

  it('a catalogue passed up front is used from the first render (server rendering), with plurals and numbers of its locale', () => {
    render(
      <AgentUIProvider catalogue={de_DE}>
        <Probe />
      </AgentUIProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toContain(de_DE.composer.send);
    expect(screen.getByTestId('probe').textContent).toContain('1.200');
  });

  it('overrides some strings over the chosen locale, nested groups key by key, and keeps them in nested providers', async () => {
    render(
      <ConfigProvider locale={deDE}>
        <AgentUIProvider strings={{ send: 'Los', queue: { sendNow: 'Jetzt!' } }}>
          <AgentUIProvider>
            <Probe />
          </AgentUIProvider>
        </AgentUIProvider>
      </ConfigProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toContain('1.200'));
    expect(screen.getByTestId('probe').textContent).toMatch(/^Los · Jetzt! · /u);
  });

  it('the kit follows antd’s direction', () => {
    render(
      <ConfigProvider direction="rtl">
        <AgentUIProvider>
          <Probe />
        </AgentUIProvider>
        <Probe />
      </ConfigProvider>,
    );
    expect(screen.getAllByTestId('probe').map((probe) => probe.dataset.direction)).toEqual(['rtl', 'rtl']);
  });

  it('a standalone AgentConversations is German inside <ConfigProvider locale={deDE}>', async () => {
    render(
      <ConfigProvider locale={deDE}>
        <AgentConversations items={[{ key: 'a', label: 'Eins', timestamp: new Date() }]} />
      </ConfigProvider>,
    );
    expect(await screen.findByRole('navigation', { name: de_DE.chat.conversations })).toBeInTheDocument();
  });
});
