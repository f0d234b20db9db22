// Everything the headless package exports (its cost to an app that uses only the hooks).
export * from '@x/agent-react';
