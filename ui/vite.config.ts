import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The route table (src/routes.json) also holds each page's meta description, which the server writes
 * into the shell; the browser never reads it, so the bundle gets the table without descriptions.
 */
function routeTableWithoutDescriptions(): Plugin {
  return {
    name: 'studio:route-table-without-descriptions',
    // Before Vite's JSON plugin turns the file into a module.
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/routes.json')) return null;
      const table = JSON.parse(code) as { notFound: object; routes: object[] };
      const strip = ({ description: _, ...rest }: { description?: string }) => rest;
      return {
        code: JSON.stringify({ notFound: strip(table.notFound), routes: table.routes.map(strip) }),
        map: null,
      };
    },
  };
}

/**
 * index.html's script, main.tsx and the modules it imports, and the stylesheet: what a page loads
 * before its first paint.
 */
const BEFORE_PAINT = /\/(index\.html|src\/main\.tsx|src\/lib\/firstPaint\.ts|src\/lib\/webFonts\.ts|src\/styles\/[\w-]+\.css)$/;

/**
 * `vite build --ssr src/entry-server.tsx` (npm run build): the server bundle, one self-contained script with no imports that
 * the binary runs in QuickJS (src/render/engine.rs). It defines `StudioServer.render`
 * (src/entry-server.tsx) and holds no admin code.
 */
const serverBuild = {
  outDir: 'dist-server',
  emptyOutDir: true,
  copyPublicDir: false,
  minify: true,
  rolldownOptions: {
    output: { format: 'iife', name: 'StudioServer', codeSplitting: false },
  },
} as const;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [preact(), tailwindcss(), routeTableWithoutDescriptions()],
  // Everything bundled, nothing left to Node's resolution: QuickJS has no modules to import from.
  ssr: { noExternal: true, target: 'webworker' },
  build: isSsrBuild ? serverBuild : {
    outDir: 'dist',
    emptyOutDir: true,
    // The server names the app and each route's own chunks in that route's shell, from the
    // manifest (src/ui_build/assets.rs). The manifest is not served.
    modulePreload: { polyfill: false },
    manifest: true,
    rolldownOptions: {
      // Two entries: index.html's script (main.tsx), all a page loads before its first paint, and
      // the app (start.tsx), which the server names in each shell for main.tsx to start after it
      // (src/ui_build/assets.rs `app_scripts`).
      input: { index: 'index.html', start: 'src/start.tsx' },
      output: {
        // Everything else the entries import statically (Preact, the router, the layout) goes
        // into the app's file: one file compresses smaller than the app plus shared chunks, and it
        // is fewer requests on every first load. main.tsx's own modules stay in its file, which
        // imports nothing (src/ui_build/assets.rs checks).
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], test: (id: string) => !BEFORE_PAINT.test(id) },
            // The small pieces most pages share (the dots, a link, the page-data wrapper, the arrow
            // icon) in one file: one compressed file costs less than four on the first load.
            { name: 'page-kit', test: /\/(Dots|SmartLink|WithPageData)\.tsx$|\/arrow-right\.js$/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Under Vitest, Node resolution picks react-router's CommonJS build, whose require('react')
    // loads the real react that npm installs as a peer (lucide-react's likewise: its icons would be
    // React's forwardRef objects, which preact-render-to-string cannot render). The ES builds,
    // inlined, get the preset's react -> preact/compat alias like the app does.
    server: { deps: { inline: ['react-router', 'react-router-dom', '@tanstack/react-query', 'lucide-react'] } },
    alias: [
      { find: /^react-router$/, replacement: 'react-router/dist/index.js' },
      { find: /^react-router-dom$/, replacement: 'react-router-dom/dist/index.js' },
      { find: /^lucide-react$/, replacement: 'lucide-react/dist/esm/lucide-react.mjs' },
    ],
  },
}));
