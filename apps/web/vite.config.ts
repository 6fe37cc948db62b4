import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { FIRST_NAMESPACES, FRAME_NAMESPACES, REPORT_NAMESPACES } from './src/lib/first-namespaces.ts';
import { signedInChunk } from './vite-chunks.ts';
import { loginShell } from './vite-login-shell.ts';
import { signedInPage } from './vite-signed-in-page.ts';
import { antdStaticCss } from './vite-antd-css.ts';

/** Files worth compressing: text, and large enough that the encoding header does not outweigh the saving. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text asset, once at build: the server
 * sends them as they are (`preCompressed`), smaller than on-the-fly compression at its fast
 * settings and without compressing again on every request.
 */
function precompress(): Plugin {
  return {
    name: 'ra-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const raw = await readFile(path);
          if (raw.length < MIN_COMPRESS_BYTES) return;
          const br = brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          await writeFile(`${path}.br`, br);
          await writeFile(`${path}.gz`, gzipSync(raw, { level: 9 }));
        }),
      );
    },
  };
}

const signedIn = signedInChunk();

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * The app's JSON translations become four chunks per language: the namespaces every page needs before
 * its first render, the signed-in frame's and home page's, the sales summary's
 * (src/lib/first-namespaces.ts), and the rest, loaded with any other page using antd.
 */
function localeChunk(id: string): string | null {
  // the four modules gathering a language's files (locales/<lang>/first.ts, frame.ts, reports.ts,
  // rest.ts) ride with them
  const bundle = /[\\/]src[\\/]locales[\\/](en|zh)[\\/](first|frame|reports|rest)\.ts$/.exec(id);
  if (bundle) return bundle[2] === 'rest' ? `locale-${bundle[1]}` : `locale-${bundle[1]}-${bundle[2]}`;
  const m = /[\\/]src[\\/]locales[\\/](en|zh)[\\/]([^\\/]+)\.json$/.exec(id);
  if (!m) return null;
  if (FIRST_NAMESPACES.includes(m[2]!)) return `locale-${m[1]}-first`;
  if (FRAME_NAMESPACES.includes(m[2]!)) return `locale-${m[1]}-frame`;
  return REPORT_NAMESPACES.includes(m[2]!) ? `locale-${m[1]}-reports` : `locale-${m[1]}`;
}

export default defineConfig({
  plugins: [antdStaticCss(), react(), precompress(), signedIn.plugin, loginShell(), signedInPage()],
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: API_TARGET } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // charts and the pinyin dictionary are lazy chunks of their own; the budget that matters is the
    // first page (see the report in docs): /login <= 150 KB gzipped JS, dashboard <= 350 KB
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: localeChunk },
            // what every page runs; first, so the groups below do not pull React into their chunk.
            // zustand (the stores, 1 KB) rides along: alone it was a request of its own on every page
            // Vite's helper for dynamic imports too: left to itself the bundler may give it a script of its own,
            // one more request on the sign-in page
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|zustand)[\\/]|vite[\\/]preload-helper/,
              priority: 20,
            },
            // its own chunk: otherwise it is merged into a chunk the login page loads, which never queries
            { name: 'react-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 10 },
            // the sign-in page's own modules, as one chunk (vite-chunks.ts)
            { name: 'sign-in', test: signedIn.signInTest, priority: 6, includeDependenciesRecursively: false },
            // what the signed-in frame and the home page need, as one chunk (vite-chunks.ts)
            // its dependencies outside the set are what the sign-in page runs, loaded already
            { name: 'signed-in', test: signedIn.signedInTest, priority: 5, includeDependenciesRecursively: false },
            // the frame's and the home page's route loaders, so their requests do not wait for the chunk above
            { name: 'route-data', test: signedIn.routeDataTest, priority: 5, includeDependenciesRecursively: false },
            // antd's components beyond that chunk, in a few kits of what pages use together (vite-chunks.ts)
            { name: signedIn.kitName, priority: 4, includeDependenciesRecursively: false },
            // the sales report page's own modules (vite-chunks.ts)
            {
              name: 'sales-report',
              test: signedIn.salesReportTest,
              priority: 3,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
