import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the
 * build of 1 KB or more; the server sends them as they are (@fastify/static's preCompressed),
 * smaller than on-the-fly compression and without spending CPU per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * A staff screen's page module (src/app/routes/admin/…, and the contract's /warranty and
 * /add-product): its chunk is named 'staff-…'.
 */
const isStaffPage = (moduleId: string | null | undefined): boolean =>
  !!moduleId && /[\\/]src[\\/]app[\\/]routes[\\/](admin[\\/]|warranty\.tsx$|add-product\.tsx$)/.test(moduleId);
/** Whether a built chunk is a staff screen's (by the name `chunkFileNames` gives it). */
const isStaffChunk = (filename: string): boolean => /(^|\/)staff-[^/]+\.js$/.test(filename);

/** In the server's renderer, 'dompurify' is a copy over a jsdom window (the browser's is the page's own). */
function serverDomPurify(): Plugin {
  const file = path.resolve(import.meta.dirname, 'src/lib/dompurify.server.ts');
  return {
    name: 'shop-server-dompurify',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'dompurify' && importer !== file ? file : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [serverDomPurify()] : [precompress()])],
  // wouter's useSyncExternalStore shim is React's own hook on React 19 (src/lib/router/use-sync-external-store.ts).
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/router/use-sync-external-store.ts'),
      },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // The server's renderer (`vite build --ssr src/entry-server.tsx`): its own folder, never served;
  // the shared package is TypeScript and goes into it, the rest is loaded from node_modules.
  ssr: { noExternal: ['@shop/shared'] },
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : // The manifest maps each page's source file to its chunks and styles (the server links them).
      {
        target: 'es2022',
        sourcemap: false,
        assetsInlineLimit: 2048,
        manifest: true,
        // Every browser the shop serves supports modulepreload (Chrome, Safari 17, Firefox 115).
        // The staff screens' chunks (src/app/routes/admin, /warranty, /add-product: named 'staff-…') load their own imports
        // when opened instead of listing them in the start file every shopper downloads: the list
        // of a page's files to preload grows with every staff screen, and the home page's budget
        // (110 KB of JavaScript, issue 25) is for shoppers. The shopper pages keep their preloads.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (filename, deps, { hostType }) => (hostType === 'js' && isStaffChunk(filename) ? [] : deps),
        },
        rolldownOptions: {
          output: {
            chunkFileNames: (chunk) => (isStaffPage(chunk.facadeModuleId) ? 'assets/staff-[name]-[hash].js' : 'assets/[name]-[hash].js'),
            // The libraries every page runs, in one file with the app's frame instead of a dozen
            // small shared ones (each file costs its own request and compression overhead).
            advancedChunks: {
              // The router's glue over wouter (src/lib/router) goes with it: every page runs it too.
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam)[\\/]|src[\\/]lib[\\/]router[\\/]/,
                },
              ],
            },
          },
        },
      },
}));
