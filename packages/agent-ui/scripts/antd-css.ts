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
 * writes them at run time in both modes), the icons' `.anticon` rules (@ant-design/icons registers
 * them itself), the cache's bookkeeping rule and every rule for a bare element (antd's `a { … }`):
 * nothing here styles the host page. antd's reset (`antd/dist/reset.css`) is not included.
 *
 * The A2UI and MCP Apps plug-ins' own components (A2UI's form inputs, Modal, …) are not in the file:
 * their rules are written as modules of those plug-ins' on-demand code (`PLUGIN_RULES`).
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

/**
 * The antd components the chat renders (the root entry's components and the plug-ins other than
 * A2UI and MCP Apps): those `src` imports from `antd`, and those the Ant Design X components below
 * render inside them (Sender: Dropdown, Tooltip; Conversations: Dropdown's Menu; FileCard: Image).
 */
export const ANTD_COMPONENTS = [
  'Alert', 'Button', 'Drawer', 'Dropdown', 'FloatButton', 'Image', 'Input', 'Menu', 'Skeleton', 'Space', 'Spin', 'Tooltip',
] as const;

/**
 * The plug-ins whose antd components the chat does not otherwise render: their rules are not in
 * `antd.css` but in a module of the plug-in's on-demand code, which writes them into the page when
 * its first surface renders under antd's zero-runtime mode (`AntdRules`). A page without the plug-in
 * loads none of them (they were 60 % of `antd.css`).
 */
export const PLUGIN_RULES = {
  a2ui: {
    file: path.resolve(import.meta.dirname, '../src/a2ui/a2ui-antd-rules.ts'),
    name: 'A2UI_ANTD_RULES',
    // a2ui-inputs.tsx, a2ui-layout.tsx (Select: Empty).
    components: ['Button', 'Card', 'Checkbox', 'DatePicker', 'Divider', 'Empty', 'Flex', 'Input', 'Modal', 'Radio', 'Select', 'Slider', 'Tabs', 'TimePicker'],
  },
  'mcp-apps': {
    file: path.resolve(import.meta.dirname, '../src/mcp-app/mcp-app-antd-rules.ts'),
    name: 'MCP_APP_ANTD_RULES',
    // mcp-app-frame.tsx, mcp-app-tool-approval.tsx.
    components: ['Alert', 'Modal', 'Typography'],
  },
} as const;

/** The Ant Design X components the kit renders, each once (one render registers its whole stylesheet). */
function antdXComponents(): ReactNode {
  return h(
    'div',
    null,
    h(Bubble, { content: 'a' }),
    h(Bubble.List, { items: [{ key: 'a', role: 'user', content: 'a' }] }),
    h(Sender, {}),
    h(Conversations, { items: [{ key: 'a', label: 'a' }] }),
    h(FileCard, { name: 'a.png' }),
    h(Think, { title: 'a' }, 'a'),
    h(ThoughtChain, { items: [{ key: 'a', title: 'a' }] }),
  );
}

/**
 * Selectors that stay: below an antd class (`.ant-btn …`, `textarea.ant-input`, `:where(.ant-…)`,
 * antd's `[class^="ant-…"]` box-sizing rules). Everything else is dropped (see the file comment).
 */
const SCOPED = /^(?:[a-z][a-z0-9]*)?\.ant-|^:where\(\.ant-|^\[class[\^*|~]?="\s?ant-/;

/** `css` with the rules that do not belong in the file taken out (recursing into `@media` and the like). */
function keepScoped(css: string): string[] {
  return cssBlocks(css).flatMap(({ prelude, body }) => {
    if (prelude.startsWith('@keyframes') || prelude.startsWith('@font-face')) return [`${prelude}{${body}}`];
    if (prelude.startsWith('@')) {
      const inner = keepScoped(body);
      return inner.length ? [`${prelude}{${inner.join('')}}`] : [];
    }
    const kept = splitSelectorList(prelude).filter((selector) => SCOPED.test(selector));
    return kept.length ? [`${kept.join(',')}{${body}}`] : [];
  });
}

/** The rules of `components` (antd) and of `withX`'s Ant Design X components, unhashed, scoped, each once. */
function extractBlocks(components: readonly string[], withX: boolean): string[] {
  const css = extractStyle({
    includes: [...components],
    customTheme: (node) => h(ConfigProvider, { theme: { hashed: false } }, node, withX ? antdXComponents() : null),
  });
  // Keyframes stay, used or not by a rule here: some are named by a token variable antd writes at run
  // time (Bubble's typing cursor: `--ant-bubble-typing-animation-name: cursorBlink`).
  return [...new Set(keepScoped(css))];
}

/** The text of `antd.css`: one rule (or at-rule) a line. */
export function generateAntdCss(): string {
  return [
    '/* @x/agent-ui/antd.css: the antd and Ant Design X component rules the kit uses, written by scripts/antd-css.ts. Use with ui={{ styles: \'static\' }}. */',
    ...extractBlocks(ANTD_COMPONENTS, true),
    '',
  ].join('\n');
}

/** The source of a plug-in's rules module: the rules of its components that `antd.css` does not hold. */
export function generatePluginRules(plugin: keyof typeof PLUGIN_RULES): string {
  const { name, components } = PLUGIN_RULES[plugin];
  const base = new Set(extractBlocks(ANTD_COMPONENTS, true));
  const own = extractBlocks(components, false).filter((block) => !base.has(block));
  return [
    `// Written by scripts/antd-css.ts: do not edit. The antd rules of the ${plugin} plug-in's components that`,
    '// `@x/agent-ui/antd.css` does not hold (unhashed, over antd\'s CSS variables), for `AntdRules`.',
    `export const ${name} = ${JSON.stringify(own.join('\n'))};`,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const text = generateAntdCss();
  writeFileSync(ANTD_CSS_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), ANTD_CSS_FILE)} (${text.length} bytes)`);
  for (const plugin of Object.keys(PLUGIN_RULES) as Array<keyof typeof PLUGIN_RULES>) {
    const source = generatePluginRules(plugin);
    writeFileSync(PLUGIN_RULES[plugin].file, source);
    console.log(`wrote ${path.relative(process.cwd(), PLUGIN_RULES[plugin].file)} (${source.length} bytes)`);
  }
}
