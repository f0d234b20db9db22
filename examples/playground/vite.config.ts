import react from '@vitejs/plugin-react';
import { compileHints } from '@x/agent-ui/vite';
import { defineConfig } from 'vite';

// The browser talks to /api/agent/*; Vite forwards it to the playground's API server (server.ts).
const apiTarget = `http://127.0.0.1:${process.env.PLAYGROUND_API_PORT ?? 8787}`;
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  // React DOM in a chunk V8 compiles while it downloads (see the kit's README, "How fast").
  plugins: [react(), compileHints()],
  server: { proxy },
  preview: { proxy },
});
