import react from '@vitejs/plugin-react';
import { compileHints } from '@x/agent-ui/vite';
import { defineConfig } from 'vite';

// The browser posts AG-UI runs to /api/ag-ui; Vite forwards them to the Mastra server (server.ts).
const apiTarget = `http://127.0.0.1:${process.env.AG_UI_API_PORT ?? 8814}`;
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  // React DOM in a chunk V8 compiles while it downloads (see the kit's README, "How fast").
  plugins: [react(), compileHints()],
  server: { proxy },
  preview: { proxy },
});
