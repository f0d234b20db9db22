/**
 * Writes `antd.css` (the `@x/agent-ui/antd.css` entry): the antd and Ant Design X component rules
 * of the components the chat renders, as plain CSS — unhashed `.ant-*` selectors reading antd's CSS
 * variables (`var(--ant-*)`), so one file serves light, dark, compact and custom themes. With it and
 * `ui={{ styles: 'static' }}` (antd's `theme.zeroRuntime`), nothing registers component styles at
 * mount: antd only writes its token variables.
 *
 * How: the components are rendered once on the server inside one `@ant-design/cssinjs` cache in
 * antd's default (runtime) mode with `hashed: false` — antd's through `@ant-design/static-style-extract`
 * (which knows how to render each, e.g. Modal's panel), Ant Design X's (which ships no CSS file) next
 * to them — and the cache is written out plain. Kept out: antd's token variables (`.css-var-*`: antd
 * writes them at run time in both modes) and every rule for a bare element (antd's `a { … }`):
 * nothing here styles the host page. antd's reset (`antd/dist/reset.css`) is not included.
 *
 * `antd.css` also holds antd's icon rules (`.anticon`), and the entry of them in `@ant-design/cssinjs`'s
 * record of styles a stylesheet holds (`.data-ant-cssinjs-cache-path`, as antd's own whole-CSS export
 * writes it): antd's ConfigProvider registers its icon rules even in zero-runtime mode, and generating
 * them (stylis' first run on the page) was ≈ 15 ms of a chat's mount; with the record it finds them in
 * the file and writes nothing. The record has no specificity (`:where`): a server-rendered page's own
 * record (antd's SSR registry, inline) wins over it.
 *
 * Only what a chat's first paint renders is in the file: the rules of the components of the on-demand
 * parts, AgentConversations, the timeline and the plug-ins are written as modules of the code that
 * renders them (`RULE_MODULES`), which `AntdRules` puts into the page when it renders.
 *
 * Run it after adding an antd / X component to the kit (add it to the lists below) or upgrading
 * antd / X: `node packages/agent-ui/scripts/antd-css.ts` (the package's `build` runs it too);
 * `src/styles/antd-css.node.test.ts` fails while a file and a fresh extraction differ.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Bubble, Conversations, FileCard, Sender, Think, ThoughtChain } from '@ant-design/x';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement as h, type ReactNode } from 'react';
import { cssBlocks, splitSelectorList } from '../src/styles/css-rules.ts';

export const ANTD_CSS_FILE = path.resolve(import.meta.dirname, '../antd.css');

/** The Ant Design X components the kit renders, each once (one render registers its whole stylesheet). */
const X_COMPONENTS = {
  Bubble: () => h(Bubble, { content: 'a' }),
  BubbleList: () => h(Bubble.List, { items: [{ key: 'a', role: 'user', content: 'a' }] }),
  Sender: () => h(Sender, {}),
  Conversations: () => h(Conversations, { items: [{ key: 'a', label: 'a' }] }),
  FileCard: () => h(FileCard, { name: 'a.png' }),
  Think: () => h(Think, { title: 'a' }, 'a'),
  ThoughtChain: () => h(ThoughtChain, { items: [{ key: 'a', title: 'a' }] }),
} satisfies Record<string, () => ReactNode>;

/** The antd components (names of `@ant-design/static-style-extract`'s list) and Ant Design X components of a set of rules. */
interface Components {
  antd: readonly string[];
  x: ReadonlyArray<keyof typeof X_COMPONENTS>;
}

/**
 * What a chat's first paint renders (`antd.css`): the composer (Sender, its Button), the bubbles, the
 * chat's buttons (Show earlier, Retry, a long message's More). The modules of the page's first load
 * import nothing else from antd (bench:size lists them).
 */
export const ANTD_CSS_COMPONENTS: Components = { antd: ['Button'], x: ['Bubble', 'BubbleList', 'Sender'] };

/**
 * The rules of components the first paint does not render, each set a module of the code that
 * renders them, written into the page by `AntdRules` when that code first renders under antd's
 * zero-runtime mode: a page loads the rules of what it shows. Each holds only what `antd.css` does not.
 */
export const RULE_MODULES = {
  // The on-demand chunk (lazy/on-demand-parts.ts): a message's toolbar and editor, the approval
  // card and its input editor, tool cards and groups, reasoning, files, the error alert, the
  // loading skeleton, the drawer and its button; also the queue plug-in's editor (its Input).
  'on-demand': {
    file: path.resolve(import.meta.dirname, '../src/lazy/on-demand-antd-rules.ts'),
    name: 'ON_DEMAND_ANTD_RULES',
    antd: ['Alert', 'Button', 'Drawer', 'FloatButton', 'Image', 'Input', 'Skeleton', 'Space'],
    x: ['Think', 'FileCard', 'ThoughtChain'],
  },
  // AgentConversations (its item menus: Dropdown's Menu; rename and search: Input; notices: Alert, Spin).
  conversations: {
    file: path.resolve(import.meta.dirname, '../src/conversations/conversations-antd-rules.ts'),
    name: 'CONVERSATIONS_ANTD_RULES',
    antd: ['Alert', 'Button', 'Dropdown', 'Input', 'Menu', 'Spin'],
    x: ['Conversations'],
  },
  // AgentTimeline (`@x/agent-ui/timeline`).
  timeline: {
    file: path.resolve(import.meta.dirname, '../src/timeline/timeline-antd-rules.ts'),
    name: 'TIMELINE_ANTD_RULES',
    antd: ['Alert', 'Button', 'Spin'],
    x: [],
  },
  // The A2UI plug-in's surfaces: a2ui-inputs.tsx, a2ui-layout.tsx (Select: Empty).
  a2ui: {
    file: path.resolve(import.meta.dirname, '../src/a2ui/a2ui-antd-rules.ts'),
    name: 'A2UI_ANTD_RULES',
    antd: ['Button', 'Card', 'Checkbox', 'DatePicker', 'Divider', 'Empty', 'Flex', 'Input', 'Modal', 'Radio', 'Select', 'Slider', 'Tabs', 'TimePicker'],
    x: [],
  },
  // The MCP Apps plug-in's frame: mcp-app-frame.tsx, mcp-app-tool-approval.tsx.
  'mcp-apps': {
    file: path.resolve(import.meta.dirname, '../src/mcp-app/mcp-app-antd-rules.ts'),
    name: 'MCP_APP_ANTD_RULES',
    antd: ['Alert', 'Modal', 'Typography'],
    x: [],
  },
} as const satisfies Record<string, Components & { file: string; name: string }>;

/**
 * Selectors that stay: below an antd class (`.ant-btn …`, `textarea.ant-input`, `:where(.ant-…)`,
 * antd's `[class^="ant-…"]` box-sizing rules). Everything else is dropped (see the file comment).
 */
const SCOPED = /^(?:[a-z][a-z0-9]*)?\.ant-|^:where\(\.ant-|^\[class[\^*|~]?="\s?ant-/;

/** antd's icon rules (ConfigProvider's, for the default `iconPrefixCls`): in `antd.css` only. */
const ICON_RULES = /^\.anticon(?![\w])|^\.anticon-spin(?![\w-])/;
/** The `@ant-design/cssinjs` path of antd's icon rules: `hashId|…path` (no hash: `hashed: false`; no layer). */
const ICON_RULES_PATH = '|ant-design-icons|anticon';

/** `css` with the rules that do not belong in the file taken out (recursing into `@media` and the like). */
function keepScoped(css: string, scoped = SCOPED): string[] {
  return cssBlocks(css).flatMap(({ prelude, body }) => {
    if (prelude.startsWith('@keyframes') || prelude.startsWith('@font-face')) return [`${prelude}{${body}}`];
    if (prelude.startsWith('@')) {
      const inner = keepScoped(body, scoped);
      return inner.length ? [`${prelude}{${inner.join('')}}`] : [];
    }
    const kept = splitSelectorList(prelude).filter((selector) => scoped.test(selector));
    return kept.length ? [`${kept.join(',')}{${body}}`] : [];
  });
}

/** What `@ant-design/static-style-extract` writes for a set of components, unhashed. */
function extractCss({ antd, x }: Components): string {
  return extractStyle({
    includes: [...antd],
    customTheme: (node) => h(ConfigProvider, { theme: { hashed: false } }, node, h('div', null, ...x.map((name) => h(X_COMPONENTS[name])))),
  });
}

/** The rules of a set of components, unhashed, scoped, each once. */
function extractBlocks(components: Components): string[] {
  // Keyframes stay, used or not by a rule here: some are named by a token variable antd writes at run
  // time (Bubble's typing cursor: `--ant-bubble-typing-animation-name: cursorBlink`).
  return [...new Set(keepScoped(extractCss(components)))];
}

/** antd's icon rules and their entry in cssinjs's record of a stylesheet's styles (see the file comment). */
function iconBlocks(): string[] {
  const css = extractCss({ antd: ['Button'], x: [] });
  const record = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";?\}/.exec(css)?.[1] ?? '';
  const entry = record.split(';').find((item) => item.startsWith(`${ICON_RULES_PATH}:`));
  const rules = [...new Set(keepScoped(css, ICON_RULES))];
  if (!entry || rules.length === 0) throw new Error(`antd-css: antd's icon rules or their cssinjs path (${ICON_RULES_PATH}) not found in the extraction`);
  return [...rules, `:where(.data-ant-cssinjs-cache-path){content:"${entry}";}`];
}

/** The text of `antd.css`: one rule (or at-rule) a line. */
export function generateAntdCss(): string {
  return [
    '/* @x/agent-ui/antd.css: the antd and Ant Design X component rules of a chat\'s first paint, written by scripts/antd-css.ts. Use with ui={{ styles: \'static\' }}. */',
    // The icon rules first, as antd registers them (at the top of the page's styles): a component's
    // rule of the same specificity wins over them.
    ...new Set([...iconBlocks(), ...extractBlocks(ANTD_CSS_COMPONENTS)]),
    '',
  ].join('\n');
}

/** The source of a rules module: the rules of its components that `antd.css` does not hold. */
export function generateRuleModule(key: keyof typeof RULE_MODULES): string {
  const { name, ...components } = RULE_MODULES[key];
  const base = new Set(extractBlocks(ANTD_CSS_COMPONENTS));
  const own = extractBlocks(components).filter((block) => !base.has(block));
  return [
    `// Written by scripts/antd-css.ts: do not edit. The antd rules of ${[...components.antd, ...components.x].join(', ')} (${key})`,
    '// that `@x/agent-ui/antd.css` does not hold (unhashed, over antd\'s CSS variables), for `AntdRules`.',
    `export const ${name} = ${JSON.stringify(own.join('\n'))};`,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const text = generateAntdCss();
  writeFileSync(ANTD_CSS_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), ANTD_CSS_FILE)} (${text.length} bytes)`);
  for (const key of Object.keys(RULE_MODULES) as Array<keyof typeof RULE_MODULES>) {
    const source = generateRuleModule(key);
    writeFileSync(RULE_MODULES[key].file, source);
    console.log(`wrote ${path.relative(process.cwd(), RULE_MODULES[key].file)} (${source.length} bytes)`);
  }
}
