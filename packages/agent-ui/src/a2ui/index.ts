'use client';
// `@x/agent-ui/a2ui`: A2UI surfaces on antd. Its own entry, so an app that never shows one pays nothing.
export { A2UISurface, type A2UISurfaceProps } from './a2ui-surface.js';
export { type A2UIStrings } from './a2ui-strings.js';
export { a2uiStringsEnUS } from '../locales/built-in.js';
export { SUPPORTED_COMPONENTS as A2UI_SUPPORTED_COMPONENTS, type RenderLimits as A2UIRenderLimits } from './render-tree.js';
