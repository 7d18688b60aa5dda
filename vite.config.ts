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
  },
  server: {
    proxy: {
      '/ws': { target: `http://127.0.0.1:${bridgePort}`, ws: true, changeOrigin: true },
      '/api': { target: `http://127.0.0.1:${bridgePort}`, changeOrigin: true },
    },
  },
});
