import { render, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ConfigProvider } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { A2UI_ANTD_RULES } from '../a2ui/a2ui-antd-rules.js';
import { A2UISurface } from '../a2ui/a2ui-surface.js';
import { AgentUIProvider } from '../config.js';
import { AgentChat } from '../chat/agent-chat.js';
import { AgentConversations } from '../conversations/agent-conversations.js';
import { AgentTimeline } from '../timeline/agent-timeline.js';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { ON_DEMAND_ANTD_RULES } from '../lazy/on-demand-antd-rules.js';
import { freshDocument } from '../test-utils/fresh-document.js';
import { AntdRules } from './antd-rules.js';

beforeAll(() => preloadOnDemand());

const surface = [
  { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 's',
      components: [
        { id: 'root', component: 'Column', children: ['terms'] },
        { id: 'terms', component: 'CheckBox', label: 'Window seat', value: { path: '/window' } },
      ],
    },
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 's', value: { window: false } } },
];

/** Whether server-rendered HTML has the hoisted <style> `href` (React merges those of one precedence: `data-href` lists them). */
const sheetIn = (html: string, href: string) => new RegExp(`<style[^>]*data-href="(?:[^"]* )?${href}(?: [^"]*)?"`).test(html);

describe('AntdRules: an on-demand feature\'s antd rules, only where antd registers none itself', () => {
  it('server rendering: under antd\'s zero-runtime mode the rules are in the HTML (styled before hydration); in its default mode they are not', () => {
    const rules = '.ant-x-test{color:red}';
    expect(renderToString(<ConfigProvider theme={{ zeroRuntime: true }}><AntdRules href="xagent-antd-test" rules={rules} /></ConfigProvider>)).toContain(
      'data-href="xagent-antd-test"',
    );
    expect(renderToString(<ConfigProvider theme={{ zeroRuntime: true }}><AntdRules href="xagent-antd-test" rules={rules} /></ConfigProvider>)).toContain(rules);
    expect(renderToString(<ConfigProvider><AntdRules href="xagent-antd-test" rules={rules} /></ConfigProvider>)).not.toContain('xagent-antd-test');
    expect(renderToString(<AntdRules href="xagent-antd-test" rules={rules} />)).not.toContain('xagent-antd-test');
  });

  it('an A2UI surface server-rendered in the kit\'s static styles mode carries its form components\' rules; in runtime mode it does not', () => {
    const inStatic = renderToString(<AgentUIProvider styles="static"><A2UISurface messages={surface} /></AgentUIProvider>);
    expect(sheetIn(inStatic, 'xagent-antd-a2ui')).toBe(true);
    expect(inStatic).toContain('.ant-checkbox-input{');
    const inRuntime = renderToString(<AgentUIProvider><A2UISurface messages={surface} /></AgentUIProvider>);
    expect(inRuntime).not.toContain('xagent-antd-a2ui');
  });

  it('AgentConversations and AgentTimeline server-rendered in static mode carry their components\' rules (styled before hydration); in runtime mode they do not', () => {
    const list = <AgentConversations items={[{ key: 'a', label: 'A chat' }]} activeKey="a" />;
    const inStatic = renderToString(<AgentUIProvider styles="static">{list}</AgentUIProvider>);
    expect(sheetIn(inStatic, 'xagent-antd-conversations')).toBe(true);
    expect(inStatic).toContain('.ant-conversations{');
    expect(renderToString(<AgentUIProvider>{list}</AgentUIProvider>)).not.toContain('xagent-antd-conversations');
    const timeline = <AgentTimeline record={null} loading />;
    expect(sheetIn(renderToString(<AgentUIProvider styles="static">{timeline}</AgentUIProvider>), 'xagent-antd-timeline')).toBe(true);
    expect(renderToString(<AgentUIProvider>{timeline}</AgentUIProvider>)).not.toContain('xagent-antd-timeline');
  });

  it('in the DOM, static mode: one <style> in the head for any number of surfaces, with the rules; none in runtime mode', () => {
    const hoisted = (doc: Document) => doc.head.querySelectorAll('style[data-href~="xagent-antd-a2ui"]');
    const inStatic = freshDocument();
    render(
      <AgentUIProvider styles="static">
        <A2UISurface messages={surface} />
        <A2UISurface messages={surface} />
      </AgentUIProvider>,
      { container: inStatic.container, baseElement: inStatic.doc.body },
    );
    expect(hoisted(inStatic.doc)).toHaveLength(1);
    expect(hoisted(inStatic.doc)[0]!.textContent).toBe(A2UI_ANTD_RULES);
    expect(within(inStatic.doc.body).getAllByRole('checkbox', { name: 'Window seat' })[0]).toHaveClass('ant-checkbox-input');
    const inRuntime = freshDocument();
    render(
      <AgentUIProvider>
        <A2UISurface messages={surface} />
      </AgentUIProvider>,
      { container: inRuntime.container, baseElement: inRuntime.doc.body },
    );
    expect(within(inRuntime.doc.body).getByRole('checkbox', { name: 'Window seat' })).toBeInTheDocument();
    expect(hoisted(inRuntime.doc)).toHaveLength(0);
  });

  it('a transcript\'s message toolbars write no on-demand rules (antd.css styles their buttons); the feedback reason writes them when it opens', async () => {
    const onDemand = (doc: Document) => doc.head.querySelectorAll('style[data-href~="xagent-antd-on-demand"]');
    const { doc, container } = freshDocument();
    const user = userEvent.setup({ document: doc });
    const messages = [
      { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hello' }] },
      { id: 'a1', role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'Hi, how can I help?' }] },
    ];
    render(<AgentChat agentId="assistant" messages={messages} api="/api/chat" ui={{ styles: 'static' }} />, { container, baseElement: doc.body });
    const dislike = await within(doc.body).findByRole('button', { name: 'Not helpful' }, { timeout: 10_000 });
    expect(within(doc.body).getAllByRole('button', { name: 'Copy' }).length).toBeGreaterThan(0);
    expect(onDemand(doc)).toHaveLength(0);
    await user.click(dislike);
    await within(doc.body).findByRole('textbox', { name: 'What was not helpful? (optional)' });
    await waitFor(() => expect(onDemand(doc)).toHaveLength(1));
    expect(onDemand(doc)[0]!.textContent).toBe(ON_DEMAND_ANTD_RULES);
  });
});
