// Everything the framework-free core exports (its cost to an app that uses it without React).
export * from '@x/agent-core';
