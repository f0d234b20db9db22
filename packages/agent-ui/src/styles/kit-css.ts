/**
 * The kit's own stylesheet: plain CSS over antd's CSS variables (`--ant-…`, defined by antd 6 on
 * every ConfigProvider / component root, and changed by the dark, compact and custom tokens), each
 * with antd's default light value as its fallback. Only the kit's classes (`x-agent-…`) and the
 * markup below them are styled: nothing reaches the host page.
 *
 * One source for both ways of getting it: rendered once by the kit at run time (`KitStyles`, a
 * hoisted, de-duplicated React 19 `<style>`), or `@x/agent-ui/styles.css` (this text, written by
 * `scripts/styles-css.ts`; `styles.test.ts` checks the file equals it).
 *
 * No imports: the script that writes the file runs this module in Node as it is.
 */

/** `var(--ant-NAME, FALLBACK)`. */
const ant = (name: string, fallback: string) => `var(--ant-${name}, ${fallback})`;

const text = ant('color-text', 'rgba(0, 0, 0, 0.88)');
const textSecondary = ant('color-text-secondary', 'rgba(0, 0, 0, 0.65)');
const lineWidth = ant('line-width', '1px');
const lineType = ant('line-type', 'solid');
const border = `${lineWidth} ${lineType} ${ant('color-border-secondary', '#f0f0f0')}`;
const fillTertiary = ant('color-fill-tertiary', 'rgba(0, 0, 0, 0.04)');
const fontCode = ant('font-family-code', "'SFMono-Regular', Consolas, 'Liberation Mono', Menlo, Courier, monospace");
const marginXS = ant('margin-xs', '8px');
const marginSM = ant('margin-sm', '12px');
const paddingXXS = ant('padding-xxs', '4px');
const paddingXS = ant('padding-xs', '8px');
const paddingSM = ant('padding-sm', '12px');
const radius = ant('border-radius', '6px');
/** Space after a block (a table, a quote, a code block). */
const blockMargin = `${marginXS} 0 ${marginSM}`;

/**
 * The markdown of a reply: everything below the `.x-agent-md` root. A streamed reply is a `<div>`
 * per block below it: only the reply's last block loses its bottom margin, not each block's last
 * paragraph (else the paragraphs of a streamed reply touch). Two text parts in a row (a model that
 * ends one and starts another in the same step) are two roots: the second keeps a paragraph's gap
 * from the first (margins collapse, so a block's own bottom margin is not added to it). Code reads
 * left to right in a right-to-left reply: a block is `direction:ltr` (else `});` shows as `;({`),
 * inline code takes the direction of its own first letter (`unicode-bidi:plaintext`) so the
 * sentence around it cannot reorder its quotes and brackets.
 */
const MARKDOWN = `
.x-agent-md{line-height:${ant('line-height', '1.5714285714285714')};overflow-wrap:break-word;word-break:break-word}
.x-agent-md p{margin:0 0 1em}
.x-agent-md :is(ul,ol){margin:0 0 1em;margin-inline-start:1.8em;padding:0;padding-inline-start:1em}
.x-agent-md li{margin:0.25em 0}
.x-agent-md li:first-child{margin-top:0}
.x-agent-md li:last-child,.x-agent-md li>:is(p,ul,ol):last-child,.x-agent-md>:is(p,ul,ol):last-child{margin-bottom:0}
.x-agent-md+.x-agent-md{margin-top:1em}
.x-agent-md ol>li{list-style:decimal}
.x-agent-md ul>li{list-style:disc}
.x-agent-md hr{margin:1.5em 0}
.x-agent-md a{color:${ant('color-link', '#1677ff')};text-decoration:underline;text-underline-offset:0.15em}
.x-agent-md .x-agent-stripped-link{color:inherit;text-decoration:none;cursor:text}
.x-agent-md code{font-family:${fontCode};font-size:0.9em;background:${fillTertiary};border-radius:${ant('border-radius-sm', '4px')};padding:0.1em 0.35em;margin:0 0.2em;white-space:pre-wrap;unicode-bidi:plaintext}
.x-agent-md-table{overflow-x:auto;max-width:100%;margin:${blockMargin}}
.x-agent-md table{border-collapse:collapse;font-size:${ant('font-size', '14px')}}
.x-agent-md :is(th,td){border:${border};padding:${paddingXXS} ${paddingSM};text-align:start;word-break:normal;overflow-wrap:normal}
.x-agent-md th{background:${fillTertiary};font-weight:${ant('font-weight-strong', '600')}}
.x-agent-md :is(th,td)[align=left]{text-align:start}
.x-agent-md :is(th,td)[align=right]{text-align:end}
.x-agent-md :is(th,td)[align=center]{text-align:center}
.x-agent-md blockquote{margin:${blockMargin};padding-inline-start:${paddingSM};border-inline-start:calc(${lineWidth} * 4) ${lineType} ${ant('color-border', '#d9d9d9')};color:${textSecondary}}
.x-agent-md img{max-width:100%;height:auto;margin:0.5em 0;border-radius:${radius}}
.x-agent-code{border:${border};border-radius:${ant('border-radius-lg', '8px')};margin:${blockMargin};overflow:hidden;background:${fillTertiary}}
.x-agent-code-header{display:flex;align-items:center;justify-content:space-between;gap:${marginXS};padding:0 ${paddingXS} 0 ${paddingSM};min-height:calc(${ant('control-height-sm', '24px')} + ${paddingXXS} * 2);border-bottom:${border};font-size:${ant('font-size-sm', '12px')};color:${textSecondary}}
.x-agent-code-lang{font-family:${fontCode}}
.x-agent-md .x-agent-code pre,.x-agent-code pre{font-family:${fontCode};font-size:0.9em;margin:0;padding:${paddingXS} ${paddingSM};overflow-x:auto;white-space:pre;word-break:normal;overflow-wrap:normal;background:transparent;color:${text};direction:ltr}
.x-agent-md .x-agent-code code,.x-agent-code code{font-size:inherit;background:none;border-radius:0;padding:0;margin:0;line-height:2;white-space:inherit;word-break:inherit;overflow-wrap:inherit;unicode-bidi:normal}
.x-agent-image-blocked{display:inline-flex;align-items:center;gap:${marginXS};min-height:${ant('control-height', '32px')};padding:${paddingXXS} ${paddingSM};border:${lineWidth} dashed ${ant('color-border', '#d9d9d9')};border-radius:${radius};background:${ant('color-fill-quaternary', 'rgba(0, 0, 0, 0.02)')};color:${text};font:inherit;cursor:pointer;max-width:100%}
span.x-agent-image-blocked{cursor:auto}
.x-agent-image-blocked-action{text-decoration:underline}
[data-xagent-markdown-pending]{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;content-visibility:auto}
`;

/**
 * The composer's Stop icon (`composer/stop-icon.tsx`): the size of Ant Design X's loading icon (the
 * control height), still (no animation runs while a reply streams).
 */
const COMPOSER = `
.x-agent-stop-icon{position:relative;display:inline-block;width:${ant('control-height', '32px')};height:${ant('control-height', '32px')};vertical-align:top}
.x-agent-stop-icon svg{position:absolute;inset:0;width:100%;height:100%}
`;

/**
 * A message's action buttons (Copy, Edit, Regenerate, Like, Dislike, Delete) and a code block's Copy:
 * host `<button>`s that look like antd's small text buttons, icon-only or with a label (its sizes,
 * colours, radius, focus ring and motion, from the same variables) — on every message and code block,
 * so no antd component per button.
 */
const ACTIONS = `
.x-agent-action{display:inline-flex;flex:none;align-items:center;justify-content:center;box-sizing:border-box;width:${ant('control-height-sm', '24px')};height:${ant('control-height-sm', '24px')};margin:0;padding:0;border:0;border-radius:${ant('border-radius-sm', '4px')};background:transparent;color:${text};font-family:inherit;font-size:${ant('font-size', '14px')};line-height:1;cursor:pointer;user-select:none;touch-action:manipulation;transition:all ${ant('motion-duration-mid', '0.2s')} ${ant('motion-ease-in-out', 'cubic-bezier(0.645, 0.045, 0.355, 1)')}}
.x-agent-action:not(:disabled):hover{background:${fillTertiary}}
.x-agent-action:not(:disabled):active{background:${ant('color-fill', 'rgba(0, 0, 0, 0.15)')}}
.x-agent-action:not(:disabled):focus-visible{outline:${ant('line-width-focus', '3px')} solid ${ant('color-primary-border', '#91caff')};outline-offset:1px;transition:outline-offset 0s,outline 0s}
.x-agent-action:disabled{color:${ant('color-text-disabled', 'rgba(0, 0, 0, 0.25)')};cursor:not-allowed}
.x-agent-action svg{display:block;flex:none}
.x-agent-action-labelled{width:auto;gap:${ant('margin-xs', '8px')};padding:0 7px;white-space:nowrap}
`;

/** The kit's stylesheet (what `@x/agent-ui/styles.css` holds). */
export const KIT_CSS = `/* @x/agent-ui: the kit's own styles, over antd's CSS variables. Generated from src/styles/kit-css.ts. */\n${MARKDOWN.trim()}\n${COMPOSER.trim()}\n${ACTIONS.trim()}\n`;
