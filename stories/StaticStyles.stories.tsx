/// <reference types="vite/client" />
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgentChat, AgentUIProvider } from '@x/agent-ui';
import { A2UISurface } from '@x/agent-ui/a2ui';
import antdCss from '@x/agent-ui/antd.css?raw';
import kitCss from '@x/agent-ui/styles.css?raw';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, waitFor } from 'storybook/test';
import { chatMounted, TIMEOUT } from './support/chat-actions.js';

/**
 * The kit's static styles mode (`ui={{ styles: 'static' }}` + `@x/agent-ui/antd.css` and
 * `@x/agent-ui/styles.css`) next to the runtime mode, light and dark. Each chat lives in its own
 * iframe with its own style cache, so one mode's rules never style the other's components: the
 * runtime frames get what antd / X register at mount, the static frames only the two files and
 * antd's token variables — and, once an A2UI surface renders, its form components' rules, which
 * `antd.css` leaves out (they come with the surface's code).
 */
const meta = {
  title: 'AgentChat/Static styles',
} satisfies Meta;
export default meta;

type Story = StoryObj<typeof meta>;

type Mode = 'runtime' | 'static';
const FRAMES = [
  { mode: 'runtime', dark: false },
  { mode: 'static', dark: false },
  { mode: 'runtime', dark: true },
  { mode: 'static', dark: true },
] as const satisfies readonly { mode: Mode; dark: boolean }[];
const frameTitle = (mode: Mode, dark: boolean) => `${mode} ${dark ? 'dark' : 'light'}`;

const MESSAGES = [
  { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'What is the capital of Portugal?' }] },
  { id: 'a1', role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'Lisbon.' }] },
];

/** An A2UI surface with the antd components `antd.css` leaves out: a card, a select, a slider, a checkbox. */
const SURFACE = [
  { version: 'v0.9', createSurface: { surfaceId: 'form', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'form',
      components: [
        { id: 'root', component: 'Card', child: 'column' },
        { id: 'column', component: 'Column', children: ['size', 'amount', 'window'] },
        { id: 'size', component: 'ChoicePicker', label: 'Size', variant: 'mutuallyExclusive', options: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }], value: { path: '/size' } },
        { id: 'amount', component: 'Slider', label: 'Amount', min: 0, max: 10, value: { path: '/amount' } },
        { id: 'window', component: 'CheckBox', label: 'Window seat', value: { path: '/window' } },
      ],
    },
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 'form', value: { size: ['s'], amount: 4, window: true } } },
];

function Sample({ mode, dark }: { mode: Mode; dark: boolean }) {
  return (
    <AgentUIProvider styles={mode} appearance={{ dark }}>
      <div style={{ background: dark ? '#141414' : '#fff', padding: 8 }}>
        <Button type="primary">Primary</Button>
        <AgentChat agentId="plain-text" messages={MESSAGES} height={340} />
        <A2UISurface messages={SURFACE} />
      </div>
    </AgentUIProvider>
  );
}

/** One mode in an iframe of its own: its own document, style cache and (static) stylesheets. */
function Frame({ mode, dark, delay }: { mode: Mode; dark: boolean; delay: number }) {
  const ref = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const doc = ref.current!.contentDocument!;
    let root: ReturnType<typeof createRoot> | undefined;
    // One frame after the other: antd skips a style's insertion when the same style was inserted
    // in the same tick (by another cache), which would leave a later runtime frame unstyled.
    const timer = setTimeout(() => {
      if (mode === 'static') {
        const sheet = doc.createElement('style');
        sheet.textContent = `${antdCss}\n${kitCss}`;
        sheet.dataset['imported'] = '@x/agent-ui/antd.css, @x/agent-ui/styles.css';
        doc.head.append(sheet);
      }
      root = createRoot(doc.body.appendChild(doc.createElement('div')));
      root.render(
        <StyleProvider container={doc.head} cache={createCache()}>
          <Sample mode={mode} dark={dark} />
        </StyleProvider>,
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      root?.unmount();
    };
  }, [mode, dark, delay]);
  return <iframe ref={ref} title={frameTitle(mode, dark)} style={{ width: 480, height: 640, border: '1px solid #ccc' }} />;
}

/** What a reader sees of the button, the composer and the two bubbles. */
function look(doc: Document) {
  const style = (selector: string) => doc.defaultView!.getComputedStyle(doc.querySelector(selector)!);
  const pick = (selector: string, keys: readonly (keyof CSSStyleDeclaration)[]) => {
    const computed = style(selector);
    return Object.fromEntries(keys.map((key) => [key, computed[key]]));
  };
  return {
    button: pick('.ant-btn-primary', ['backgroundColor', 'color', 'borderTopLeftRadius', 'height', 'paddingLeft', 'fontSize']),
    sender: pick('.ant-sender', ['backgroundColor', 'borderTopColor', 'borderTopLeftRadius', 'boxShadow', 'paddingLeft']),
    senderInput: pick('.ant-sender textarea', ['color', 'fontSize', 'backgroundColor']),
    userBubble: pick('[data-xagent-message="user"] .ant-bubble-content', ['backgroundColor', 'color', 'paddingTop', 'borderTopLeftRadius']),
    assistantBubble: pick('[data-xagent-message="assistant"] .ant-bubble-content', ['color', 'backgroundColor']),
    card: pick('[data-a2ui-surface] .ant-card', ['backgroundColor', 'borderTopLeftRadius', 'borderTopColor']),
    select: pick('[data-a2ui-surface] .ant-select', ['height', 'backgroundColor', 'borderTopLeftRadius', 'display']),
    sliderRail: pick('[data-a2ui-surface] .ant-slider-rail', ['position', 'height', 'backgroundColor']),
    checkbox: pick('[data-a2ui-surface] .ant-checkbox', ['width', 'height', 'backgroundColor', 'borderTopLeftRadius']),
  };
}

/** Style rules antd / X registered at mount (not the imported files, not the kit's own hoisted <style>s) that declare more than antd's token variables. */
function registeredComponentRules(doc: Document): number {
  let count = 0;
  for (const sheet of doc.querySelectorAll<HTMLStyleElement>('style:not([data-imported]):not([data-precedence])')) {
    for (const rule of sheet.sheet?.cssRules ?? []) {
      if ('selectorText' in rule && /\.ant-(?!icon)/.test((rule as CSSStyleRule).selectorText) && [...(rule as CSSStyleRule).style].some((name) => !name.startsWith('--'))) count++;
    }
  }
  return count;
}

/** Runtime and static look the same, light and dark; static registers no component rules at mount. */
export const RuntimeVersusStatic: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {FRAMES.map(({ mode, dark }, index) => (
        <Frame key={frameTitle(mode, dark)} mode={mode} dark={dark} delay={index * 150} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const docs = Object.fromEntries(
      FRAMES.map(({ mode, dark }) => [frameTitle(mode, dark), canvasElement.querySelector<HTMLIFrameElement>(`iframe[title="${frameTitle(mode, dark)}"]`)!.contentDocument!]),
    );
    await waitFor(() => {
      for (const doc of Object.values(docs)) {
        expect(doc.querySelector('[data-xagent-message="assistant"] .ant-bubble-content')).not.toBeNull();
        expect(doc.querySelector('.ant-sender textarea')).not.toBeNull();
        expect(doc.querySelector('[data-a2ui-surface] .ant-checkbox')).not.toBeNull();
      }
    }, TIMEOUT);
    // Let antd's motion (the button's and the sender's transitions) settle.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const dark of [false, true]) {
      const runtime = look(docs[frameTitle('runtime', dark)]!);
      const fixed = look(docs[frameTitle('static', dark)]!);
      // Known difference: antd and Ant Design X both write `--ant-box-shadow-tertiary` on the same
      // `.css-var-*` element with different values (antd 0.05/0.03/0.03, X's older alias 0.03/0.02/0.02
      // black); which one wins depends on which <style> comes last, and that order differs between the
      // modes. Only the composer's faint shadow is affected, in light mode.
      await expect({ ...fixed, sender: { ...fixed.sender, boxShadow: '' } }).toEqual({ ...runtime, sender: { ...runtime.sender, boxShadow: '' } });
      await expect(fixed.sender.boxShadow).toMatch(/^rgba\(.*\) 0px 1px 2px 0px, /);
    }
    // Dark reached the static frame through the token variables.
    await expect(look(docs['static dark']!).sender.borderTopColor).not.toBe(look(docs['static light']!).sender.borderTopColor);
    await expect(look(docs['static dark']!).senderInput.color).not.toBe(look(docs['static light']!).senderInput.color);
    await expect(registeredComponentRules(docs['runtime light']!)).toBeGreaterThan(100);
    await expect(registeredComponentRules(docs['static light']!)).toBe(0);
    await expect(registeredComponentRules(docs['static dark']!)).toBe(0);
    // The surface's rules came with it, once per document, in static mode only.
    await expect(docs['static light']!.querySelectorAll('style[data-href~="xagent-antd-a2ui"]')).toHaveLength(1);
    await expect(docs['runtime light']!.querySelectorAll('style[data-href~="xagent-antd-a2ui"]')).toHaveLength(0);
  },
};
