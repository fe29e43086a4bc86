import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstStyles } from './build/first-styles-plugin.ts';
import { precompress } from './build/precompress.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

const ANTD = /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|stylis|@babel[\\/]runtime)[\\/]/;
const NODE_MODULES = /node_modules[\\/]/;

export default defineConfig({
  root: here,
  plugins: [react(), firstStyles(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Group chunks are named after the pages that share them (antd~index~HomePage~…): keep the group's name only.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        // Libraries change far less often than our code: separate chunks keep them cached across releases.
        // What the first page (/login) needs is one chunk per library, loaded at once; the rest of antd and the
        // other libraries go into chunks by the set of pages that use them, so each page downloads only the
        // components it shows (entriesAware), never the whole of antd.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 30,
            },
            // Only the chart wrappers' dynamic import loads it: pages without a chart never download ECharts.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender|tslib)[\\/]/, priority: 25 },
            { name: 'antd', test: ANTD, tags: ['$initial'], priority: 21 },
            { name: 'antd', test: ANTD, priority: 20, entriesAware: true },
            // The contract's zod setting (jitless in a browser, so the CSP sees no eval) must run before any schema is
            // built: in zod's own chunk, it runs before every chunk that imports zod.
            { name: 'vendor', test: /zod[\\/]|zod-config\.ts$/, tags: ['$initial'], priority: 12 },
            { name: 'vendor', test: NODE_MODULES, tags: ['$initial'], priority: 11 },
            { name: 'vendor', test: NODE_MODULES, priority: 10, entriesAware: true },
          ],
        },
      },
    },
  },
});
