// What `pnpm test:deps` checks with dependency-cruiser (.dependency-cruiser.mjs): the sources of
// every package of the kit. The workspace packages they import resolve to their dist/ (`pnpm build`
// first), so an import of another package is an edge the package-layer rules can see.
export const CRUISED = [
  'packages/agent-protocol/src',
  'packages/agent-server/src',
  'packages/agent-core/src',
  'packages/agent-react/src',
  'packages/agent-ui/src',
  'mock-server/src',
] as const;
