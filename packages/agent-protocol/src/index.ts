export * from './tool-names.js';
export * from './data-parts.js';
export * from './page-state.js';
export * from './errors.js';
export * from './request-body.js';
export * from './messages.js';
