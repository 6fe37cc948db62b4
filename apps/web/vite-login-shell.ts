import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer, type Plugin } from 'vite';

/** The sign-in page, one per language: the server sends `login.<lang>.html` for /login. */
export const LOGIN_LANGUAGES = ['en', 'zh'] as const;

/** The form's buttons are disabled until the script takes over; they look as they will then. */
const PRERENDER_CSS = '#root[data-prerendered] button:disabled{opacity:1}';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    get length() {
      return m.size;
    },
  };
}

/**
 * Writes `login.en.html` and `login.zh.html` beside index.html (issue 21): index.html with the sign-in
 * form already drawn in #root (src/app/routes/login/login-prerender.tsx renders the real components),
 * the sign-in styles inline and the sign-in chunk preloaded, so /login paints before any script runs
 * and its route code downloads alongside the entry instead of after it. Compressed like every asset.
 */
export function loginShell(): Plugin {
  let root = process.cwd();
  return {
    name: 'ra-login-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? join(root, 'dist');
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const signIn = chunks.find((c) => c.name === 'sign-in');
      if (!signIn) this.error('no sign-in chunk to preload');
      const css = await Promise.all(
        [...(signIn.viteMetadata?.importedCss ?? [])].map((f) => readFile(join(dir, f), 'utf8')),
      );
      const index = await readFile(join(dir, 'index.html'), 'utf8');

      // the real components, rendered in Node; the stores read browser storage as they load
      const g = globalThis as { localStorage?: Storage; sessionStorage?: Storage };
      g.localStorage ??= memoryStorage();
      g.sessionStorage ??= memoryStorage();
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderLoginPage } = (await server.ssrLoadModule('/src/app/routes/login/login-prerender.tsx')) as {
          renderLoginPage: (lang: string) => Promise<string>;
        };
        for (const lang of LOGIN_LANGUAGES) {
          const markup = await renderLoginPage(lang);
          const locale = chunks.find((c) => c.name === `locale-${lang}-first`);
          const preloads = [signIn, locale]
            .flatMap((c) => (c ? [`<link rel="modulepreload" crossorigin href="/${c.fileName}">`] : []))
            .join('');
          const html = index
            .replace('<html lang="en">', `<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">`)
            .replace(
              /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
              `<div id="root" data-prerendered="login">${markup}</div>`,
            )
            .replace('</head>', `${preloads}<style>${css.join('')}${PRERENDER_CSS}</style></head>`);
          if (!html.includes('data-prerendered')) this.error('index.html has no #root to fill');
          const file = join(dir, `login.${lang}.html`);
          await writeFile(file, html);
          await writeFile(
            `${file}.br`,
            brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          );
          await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
        }
      } finally {
        await server.close();
      }
    },
  };
}
