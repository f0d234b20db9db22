// Everything a chat needs only after an interaction or for rarer content, in ONE chunk behind one
// `import()` (see on-demand.tsx): several small chunks would each cost a request and lose gzip
// context at their boundaries. Modules here import first-load modules (config, format) but no
// first-load module imports them, so the bundler keeps them out of the first load.
export { ApprovalInputEditor } from '../tools/approval-input-editor.js';
