import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [preact(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Only the entry is modulepreloaded by index.html; the server adds each route's own chunks to
    // that route's shell, from the manifest (src/web/assets.rs). The manifest is not served.
    modulePreload: { polyfill: false },
    manifest: true,
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Under Vitest, Node resolution picks react-router's CommonJS build, whose require('react')
    // loads the real react that npm installs as a peer. The ES build, inlined, gets the
    // preset's react -> preact/compat alias like the app does.
    server: { deps: { inline: ['react-router', 'react-router-dom', '@tanstack/react-query'] } },
    alias: [
      { find: /^react-router$/, replacement: 'react-router/dist/index.js' },
      { find: /^react-router-dom$/, replacement: 'react-router-dom/dist/index.js' },
    ],
  },
});
