import type { NextConfig } from 'next';

const config: NextConfig = {
  // The kit's packages ship ESM with 'use client' entry points; nothing to transpile.
  reactStrictMode: true,
  // Keep the server-only packages out of the client and edge bundles.
  serverExternalPackages: ['@x/agent-server', '@x/mock-server'],
  typescript: { tsconfigPath: './tsconfig.json' },
};

export default config;
