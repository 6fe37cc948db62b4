import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { writeCompressed } from './vite-login-shell.ts';

/** The page the server sends a signed-in browser (apps/server/src/plugins/web-app.ts). */
const SIGNED_IN_PAGE = 'signed-in.html';

/**
 * The chunks every signed-in page load asks for once the entry has run (src/app/router.tsx,
 * preloadSignedInPage): the route table, TanStack Query and the signed-in frame with the home page.
 */
const SIGNED_IN_CHUNKS = ['route-data', 'react-query', 'signed-in'];

/**
 * Writes `signed-in.html` beside index.html (issue 21): index.html that also asks for the signed-in
 * frame's chunks and stylesheet as its head is read, beside the entry, rather than once the entry has
 * arrived and run, a round trip and the entry's start-up later. The server sends it for a page opened
 * with a session cookie; without one, index.html, whose visitor may be on the way to sign in.
 * Vite's loader finds the chunks already asked for (a link with their address), and the stylesheet's
 * preload has the CORS mode of the stylesheet link it adds, so nothing is fetched twice.
 */
export function signedInPage(): Plugin {
  let root = process.cwd();
  return {
    name: 'ra-signed-in-page',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? join(root, 'dist');
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const wanted = SIGNED_IN_CHUNKS.map((name) => chunks.find((c) => c.name === name));
      const missing = SIGNED_IN_CHUNKS.filter((_, i) => !wanted[i]);
      if (missing.length > 0) this.error(`no ${missing.join(', ')} chunk to preload`);
      const found = wanted.flatMap((c) => (c ? [c] : []));
      const links = [
        ...found.map((c) => `<link rel="modulepreload" crossorigin href="/${c.fileName}">`),
        ...found.flatMap((c) =>
          [...(c.viteMetadata?.importedCss ?? [])].map(
            (f) => `<link rel="preload" as="style" crossorigin href="/${f}">`,
          ),
        ),
      ];
      const index = await readFile(join(dir, 'index.html'), 'utf8');
      if (!index.includes('</head>')) this.error('index.html has no head');
      const html = index.replace('</head>', `${links.join('')}</head>`);
      const file = join(dir, SIGNED_IN_PAGE);
      await writeFile(file, html);
      await writeCompressed(file, html);
    },
  };
}
