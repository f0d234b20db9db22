import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const uiKit = ['antd', 'antd/*', '@ant-design/*'];
const server = ['@x/agent-server', '@x/agent-server/*', '@x/mock-server', '@x/mock-server/*'];
const restrict = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];
const coreRule = (more) => [
  'error',
  {
    paths: [{ name: 'zustand', message: '@x/agent-core uses zustand/vanilla; the React binding belongs in @x/agent-react.' }],
    patterns: [
      {
        group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@ai-sdk/react', '@testing-library/*', '@x/agent-react', '@x/agent-react/*', '@x/agent-ui', '@x/agent-ui/*', ...more],
        message: '@x/agent-core is framework-free: React belongs in @x/agent-react; the core builds on the `ai` package.',
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '.storybook/public/**',
      '**/.next/**',
      'bench/**/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx', 'packages/agent-react/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The one direction of dependency (DESIGN §1).
  {
    files: ['packages/agent-protocol/src/**'],
    ignores: ['**/*.test.*', '**/*.test-d.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ['react', 'react-dom', '@ai-sdk/*', '@x/*', ...uiKit],
        'The protocol depends on nothing heavier than `ai` types and zod.',
      ),
    },
  },
  {
    files: ['packages/agent-server/src/**'],
    ignores: ['**/*.test.*', '**/*.test-d.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ['react', 'react-dom', '@x/agent-react', '@x/agent-ui', '@ai-sdk/react', ...uiKit],
        'The server never imports React or the client packages.',
      ),
    },
  },
  {
    files: ['packages/agent-react/src/**'],
    ignores: ['**/*.test.*', '**/*.test-d.ts', 'packages/agent-react/src/test-utils/**'],
    rules: {
      'no-restricted-imports': restrict(
        [...uiKit, ...server, '@x/agent-ui'],
        'The headless hooks must not pull a UI kit or the server: an app that wants only hooks installs no antd.',
      ),
    },
  },
  // @x/agent-core is framework-free (DESIGN §10): no React, no UI kit, no server, nothing of the
  // packages above it; its tests drive it without React too (they may start the real server).
  {
    files: ['packages/agent-core/src/**', 'packages/agent-core/scripts/**'],
    rules: { 'no-restricted-imports': coreRule([...uiKit, ...server]) },
  },
  {
    files: ['packages/agent-core/src/**/*.test.*', 'packages/agent-core/src/test-utils/**'],
    rules: { 'no-restricted-imports': coreRule([]) },
  },
  {
    files: ['packages/agent-ui/src/**'],
    ignores: ['**/*.test.*', '**/*.test-d.ts', 'packages/agent-ui/src/test-utils/**'],
    rules: {
      'no-restricted-imports': restrict(server, 'Components talk to the server only over HTTP.'),
    },
  },
);
