/// <reference types="vite/client" />
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgentChat, AgentConversations, AgentUIProvider, type ConversationItem } from '@x/agent-ui';
import type { AgentUIMessage } from '@x/agent-protocol';
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
 * antd's token variables — and, as the parts that are not in a chat's first paint render (reasoning,
 * a file, tool cards, an approval, the conversation list, an A2UI surface), their components' rules,
 * which `antd.css` leaves out: they come with the code that renders them.
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
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is the capital of Portugal?' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'reasoning', text: 'The user asks for a capital.', state: 'done' },
      { type: 'text', text: 'Lisbon.' },
      { type: 'tool-lookupCity', toolCallId: 't1', state: 'output-available', input: { city: 'Lisbon' }, output: { population: 545_000 } },
      { type: 'file', mediaType: 'application/pdf', filename: 'lisbon.pdf', url: 'data:application/pdf;base64,JVBERi0=' },
    ],
  },
  { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Delete my notes.' }] },
  {
    id: 'a2',
    role: 'assistant',
    parts: [{ type: 'tool-deleteNotes', toolCallId: 't2', state: 'approval-requested', input: { folder: 'notes' }, approval: { id: 'ap1' } }],
  },
] as unknown as AgentUIMessage[];

const CONVERSATIONS: ConversationItem[] = [
  { key: 'lisbon', label: 'Weekend in Lisbon', group: 'Today' },
  { key: 'report', label: 'Quarterly report draft', group: 'Yesterday' },
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
        <AgentChat agentId="plain-text" messages={MESSAGES} height={560} />
        <AgentConversations items={CONVERSATIONS} activeKey="lisbon" />
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
  return <iframe ref={ref} title={frameTitle(mode, dark)} style={{ width: 480, height: 1000, border: '1px solid #ccc' }} />;
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

/** Computed styles compared for every antd element (box, colours, type; not the shadow: see the play function). */
const COMPARED = ['display', 'position', 'boxSizing', 'paddingTop', 'paddingLeft', 'marginTop', 'marginLeft', 'borderTopWidth', 'borderTopStyle', 'borderTopColor', 'borderTopLeftRadius', 'backgroundColor', 'color', 'fontSize', 'fontWeight', 'lineHeight', 'opacity', 'flexDirection', 'alignItems', 'height'] as const;

/** Every element of the document with an antd class, in document order, with its computed styles. */
function antdElements(doc: Document) {
  return [...doc.body.querySelectorAll<HTMLElement>('[class*="ant-"]')].map((element) => {
    const computed = doc.defaultView!.getComputedStyle(element);
    const classes = [...element.classList].filter((name) => name.startsWith('ant-')).join('.');
    return { element: classes, ...Object.fromEntries(COMPARED.map((key) => [key, computed[key]])) };
  });
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
        // The on-demand parts: reasoning, the file, the tool card, the approval card.
        expect(doc.querySelector('.ant-think')).not.toBeNull();
        expect(doc.querySelector('.ant-file-card')).not.toBeNull();
        expect(doc.querySelector('[data-xagent-tool="lookupCity"]')).not.toBeNull();
        expect(doc.querySelector('[data-xagent-approval="deleteNotes"]')).not.toBeNull();
        expect(doc.querySelector('.ant-conversations')).not.toBeNull();
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
      // And every other antd element: the same computed box, colours and type in both modes.
      await expect(antdElements(docs[frameTitle('static', dark)]!)).toEqual(antdElements(docs[frameTitle('runtime', dark)]!));
    }
    // Dark reached the static frame through the token variables.
    await expect(look(docs['static dark']!).sender.borderTopColor).not.toBe(look(docs['static light']!).sender.borderTopColor);
    await expect(look(docs['static dark']!).senderInput.color).not.toBe(look(docs['static light']!).senderInput.color);
    await expect(registeredComponentRules(docs['runtime light']!)).toBeGreaterThan(100);
    await expect(registeredComponentRules(docs['static light']!)).toBe(0);
    await expect(registeredComponentRules(docs['static dark']!)).toBe(0);
    // The parts' rules came with them, once per document, in static mode only.
    for (const href of ['xagent-antd-a2ui', 'xagent-antd-on-demand', 'xagent-antd-conversations']) {
      await expect(docs['static light']!.querySelectorAll(`style[data-href~="${href}"]`)).toHaveLength(1);
      await expect(docs['runtime light']!.querySelectorAll(`style[data-href~="${href}"]`)).toHaveLength(0);
    }
  },
};
