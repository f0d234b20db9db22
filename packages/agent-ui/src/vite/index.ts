/** `@x/agent-ui/vite`: build-time helpers for apps built with Vite (Node only; no React). */
export { compileHints, type CompileHintsOptions } from './compile-hints.js';
