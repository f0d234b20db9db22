// The dependency rules of the kit, checked by `pnpm test:deps` (part of `pnpm test`).
// docs/ARCHITECTURE.md draws the graph these rules allow (`pnpm deps:graph`).
// Paths are relative to the repository root. Tests, type tests and test utilities may reach across
// layers (a React test drives a real @x/agent-server), so the layer rules leave them out; the
// cycle rules and the unresolvable rule cover them too.

const S = '^packages/agent-server/src/';
const C = '^packages/agent-core/src/';
const R = '^packages/agent-react/src/';
const U = '^packages/agent-ui/src/';
/** Test files, type tests and test helpers: exempt from the layer rules. */
const TESTS = '(\\.test\\.tsx?$|\\.test-d\\.tsx?$|/test-utils/|/testing/)';
/** Where a package's built output or a workspace package resolves to. */
const pkg = (name) => `^packages/${name}/`;
/** The chat's contexts in agent-ui: read by every part (see the agent-ui rules). */
const UI_CONTEXTS = `${U}chat/(chat-context\\.ts|message-context\\.tsx|missing-provider\\.ts)$`;

/** A folder-layer rule inside one package: `from` may not import `to` (production code only). */
const layer = (name, comment, from, to, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TESTS },
  to: { path: to, pathNot: allowed ? [TESTS, allowed] : TESTS },
});

export default {
  forbidden: [
    // ---- Cycles -------------------------------------------------------------------------------
    {
      name: 'no-circular',
      comment:
        'No circular dependency in any package, counting dynamic import() edges: a cycle through an ' +
        'on-demand import() is still a cycle (its modules cannot be understood, tested or split apart).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-types',
      comment:
        'No circle through type-only imports either: a type that needs its own consumer belongs in a ' +
        'types module both import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a typo or a missing dependency fails here, not at run time).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },

    // ---- Package layers: protocol ← server; protocol ← core ← react ← ui ----------------------
    {
      name: 'protocol-imports-no-package',
      comment: '@x/agent-protocol is the bottom of the graph: it imports no other package of the kit.',
      severity: 'error',
      from: { path: '^packages/agent-protocol/src/' },
      to: { path: '^(packages/(agent-server|agent-core|agent-react|agent-ui)|mock-server)/' },
    },
    {
      name: 'server-not-to-clients',
      comment: '@x/agent-server depends on the protocol only, never on the client packages (core, React, UI).',
      severity: 'error',
      from: { path: S, pathNot: TESTS },
      to: { path: '^packages/(agent-core|agent-react|agent-ui)/' },
    },
    {
      name: 'clients-not-to-server',
      comment: '@x/agent-core, @x/agent-react and @x/agent-ui never import the server (only their tests start one).',
      severity: 'error',
      from: { path: '^packages/(agent-core|agent-react|agent-ui)/src/', pathNot: TESTS },
      to: { path: `${pkg('agent-server')}|^mock-server/` },
    },
    {
      name: 'react-not-to-ui',
      comment: 'The headless package sits below the UI package.',
      severity: 'error',
      from: { path: R },
      to: { path: pkg('agent-ui') },
    },
    {
      name: 'headless-no-antd',
      comment: 'The headless package never pulls antd or Ant Design X (nor anything @ant-design).',
      severity: 'error',
      from: { path: R },
      to: { path: '(^|/)node_modules/(\\.pnpm/)?(antd|@ant-design)' },
    },
    {
      name: 'core-framework-free',
      comment:
        '@x/agent-core is framework-free, its tests included: no React, and nothing of the packages ' +
        'built on it (@x/agent-react, @x/agent-ui import the core, never the other way round).',
      severity: 'error',
      from: { path: C },
      to: { path: `(^|/)node_modules/(\\.pnpm/)?(react|react-dom|@ai-sdk/react)(@|/)|${pkg('agent-react')}|${pkg('agent-ui')}` },
    },
    {
      name: 'clients-no-ai-runtime',
      comment:
        'The browser packages take only types from the `ai` package: the chat engine, the stream applier ' +
        'and the chunk checks are the kit\'s own, so a page with a chat loads neither `ai` nor zod ' +
        '(`ai` evaluates its zod schemas at load: 45.7 KB gzip). Tests may compare with the SDK.',
      severity: 'error',
      from: { path: `(${C}|${R}|${U})`, pathNot: TESTS },
      to: { path: '(^|/)node_modules/(\\.pnpm/)?(ai|zod|@ai-sdk/[^/]+)(@|/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'core-no-antd',
      comment: 'The core never pulls antd or Ant Design X (nor anything @ant-design).',
      severity: 'error',
      from: { path: C },
      to: { path: '(^|/)node_modules/(\\.pnpm/)?(antd|@ant-design)' },
    },

    // ---- Folder layers inside @x/agent-server ------------------------------------------------
    // config (types, validation) ← tools ← runtime (the tool loop) ← http (routes, errors → HTTP)
    // ← adapters (node, next); store, runs, tracing, providers are services the runtime uses.
    layer('server-config-below-runtime', 'config/ is read by the runtime; it never imports runtime, http or adapters.',
      `${S}config/`, `${S}(runtime|http|adapters|ag-ui)/`),
    layer('server-tools-below-runtime', 'tools/ run inside the tool loop; they never import runtime, http or adapters.',
      `${S}tools/`, `${S}(runtime|http|adapters|ag-ui)/`),
    layer('server-runtime-below-http',
      'runtime/ throws domain errors; only http/ (the edge) maps errors to HTTP statuses and responses.',
      `${S}runtime/`, `${S}(http|adapters|ag-ui)/`),
    layer('server-services-below-runtime', 'store/, runs/, tracing/, providers/ never import runtime, http or adapters.',
      `${S}(store|runs|tracing|providers)/`, `${S}(runtime|http|adapters|ag-ui)/`),
    layer('server-transcription-at-the-edge', 'transcription/ is a route of its own: it may use http/, never the runtime or an adapter.',
      `${S}transcription/`, `${S}(runtime|adapters|ag-ui)/`),
    layer('server-http-below-adapters', 'http/ and ag-ui/ are framework-neutral: they never import an adapter.',
      `${S}(http|ag-ui)/`, `${S}adapters/`),
    layer('server-security-is-a-leaf', 'security/ (the one signer, the constant-time compare) is used by every layer and imports none of them.',
      `${S}security/`, `${S}(?!security/)`),

    // ---- Folder layers inside @x/agent-core ---------------------------------------------------
    // the chat (package root) ← (resume, live, runs, conversations, files, ag-ui): each optional
    // feature is an entry of its own that builds on the chat; the chat never imports a feature.
    layer('core-chat-not-to-features', 'The chat at the package root never imports an optional feature (resume/, live/, runs/, conversations/, files/, ag-ui/): each is an entry of its own.',
      `${C}[^/]+\\.ts$`, `${C}(resume|live|runs|conversations|files|ag-ui)/`),

    // ---- Folder layers inside @x/agent-react --------------------------------------------------
    // (runs, conversations, shared-state, ag-ui) ← the hooks at the package root
    layer('react-features-not-to-hooks', 'runs/, conversations/, shared-state/, ag-ui/ build on @x/agent-core, never on the root hooks.',
      `${R}(resume|live|runs|conversations|shared-state|ag-ui|files)/`, `${R}[^/]+\\.tsx?$`),

    // ---- Folder layers inside @x/agent-ui -----------------------------------------------------
    // theme, a11y ← config.tsx ← markdown ← tools, transcript ← composer ← chat (AgentChat at the top).
    // The chat's contexts (chat/chat-context.ts, chat/message-context.tsx, chat/missing-provider.ts)
    // are the base every part reads, not part of the chat shell: the rules below allow them.
    layer('ui-theme-a11y-at-bottom',
      'theme/ and a11y/ are leaves: tokens, contrast and focus, no components of the kit.',
      `${U}(theme|a11y)/`, `${U}(?!theme/|a11y/)`),
    layer('ui-locales-are-data',
      'locales/ holds the catalogues, the formatter and the compile step: plain data and functions over it. ' +
      'It reads the group types of the features (`*-strings.ts`) and the config, never a component.',
      `${U}locales/`, `${U}(?!locales/)`, `${U}([^/]+/strings\\.ts$|[^/]+/[^/]+-strings\\.ts$|config\\.tsx$)`),
    layer('ui-markdown-below-messages', 'markdown/ renders text; it knows nothing of tools, the transcript, the composer or the chat.',
      `${U}markdown/`, `${U}(tools|transcript|composer|chat|conversations|timeline|inspector)/`),
    layer('ui-tools-below-transcript', 'tools/ cards are placed by the transcript, never the other way round; no chat or composer.',
      `${U}tools/`, `${U}(transcript|composer|chat)/`, UI_CONTEXTS),
    layer('ui-transcript-below-chat', 'transcript/ never imports the chat shell or the composer.',
      `${U}transcript/`, `${U}(chat|composer)/`, UI_CONTEXTS),
    layer('ui-composer-below-chat', 'composer/ never imports the chat shell or the transcript.',
      `${U}composer/`, `${U}(chat|transcript)/`, UI_CONTEXTS),
    layer('ui-message-content-below-views', 'message-content/ (what a message holds: its text, pasted text) is shared by the transcript and the composer and imports neither.',
      `${U}message-content/`, `${U}(chat|composer|transcript)/`, UI_CONTEXTS),
    layer('ui-buttons-below-views', "buttons/ (the kit's host action buttons and their icons) is shared by the markdown and the transcript and imports neither.",
      `${U}buttons/`, `${U}(markdown|tools|transcript|composer|chat|conversations|timeline|inspector)/`),
    layer('ui-standalone-parts', 'conversations/, timeline/ and inspector/ stand alone beside the chat.',
      `${U}(conversations|timeline|inspector)/`, `${U}(chat|composer|transcript)/`, UI_CONTEXTS),
  ],
  options: {
    // Workspace packages resolve (through their exports map) to their dist/: seen, not followed.
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
    reporterOptions: {
      mermaid: { minify: false },
    },
  },
};
