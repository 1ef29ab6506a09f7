import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

// The API (command-api) listens on 5000 and serves web/dist in production; during development
// Vite serves the app and forwards every /api call there, cookies included.
const api = { '/api': { target: process.env.MEDCHEST_API_URL ?? 'http://localhost:5000' } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the served build: they would publish the full TypeScript sources.
    sourcemap: false,
    // The manifest lets a test measure what each page loads before its first paint.
    manifest: true,
    // Every browser the app supports preloads modules itself: the polyfill would be bytes on every
    // first page for nothing (issue 14).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two pages: the fleet app, and the captain portal on its own small bundle (issue 12).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        captain: fileURLToPath(new URL('./captain.html', import.meta.url)),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            // The captain portal's only library besides React: kept out of the fleet's vendor chunk.
            { name: 'idb', test: /node_modules[\\/]idb-keyval[\\/]/ },
            // Dates are shared by both pages; on their own they keep the captain off the fleet's vendor chunk.
            { name: 'dates', test: /node_modules[\\/]date-fns[\\/]/ },
            // Server state, needed by every page (the session lives in it).
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // Other libraries (forms, zod, CSV) are not grouped: each stays with the screens that use it.
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
});
