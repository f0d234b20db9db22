/**
 * `@x/agent-protocol/a2ui`: the A2UI (v0.9) wire of the kit — the `data-a2ui` part a tool's surface
 * travels in, the user's actions back (`data-a2ui-action`), their schemas and readers.
 */
export * from './a2ui.js';
export * from './a2ui-schemas.js';
