import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const bridgePort = Number(process.env.MCP_LENS_BRIDGE_PORT ?? 6281);

export default defineConfig({
  root: 'web',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  // Rolldown's timing report named the worker plugin, whose transform builds a worker (and the
  // timeline's worker, its lint worker) as a whole bundle of its own: slow by nature, not a fault,
  // and a yellow block that read like a warning in every first start.
  worker: { rolldownOptions: { checks: { bundlerTimings: false } } },
  server: {
    proxy: {
      '/ws': { target: `http://127.0.0.1:${bridgePort}`, ws: true, changeOrigin: true },
      '/api': { target: `http://127.0.0.1:${bridgePort}`, changeOrigin: true },
    },
  },
});
