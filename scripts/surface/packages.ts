/** The published packages whose surface is checked (API report, README, publint, attw). */
export const SURFACE_PACKAGES = ['agent-protocol', 'agent-server', 'agent-core', 'agent-react', 'agent-ui'] as const;
export type SurfacePackage = (typeof SURFACE_PACKAGES)[number];
