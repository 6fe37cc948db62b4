import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer, type Plugin } from 'vite';
import { loginBootScript } from './src/app/login-boot.ts';

/** The sign-in page, one per language: the server sends `login.<lang>.html` for /login. */
export const LOGIN_LANGUAGES = ['en', 'zh'] as const;

/** The form's buttons are disabled until the script hydrates it (useHydrated); they look as they will then. */
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

/** `<file>.br` (quality 11) and `<file>.gz` (level 9) beside `file`, as vite.config.ts does for assets. */
export async function writeCompressed(file: string, text: string): Promise<void> {
  await writeFile(
    `${file}.br`,
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  await writeFile(`${file}.gz`, gzipSync(text, { level: 9 }));
}

/** The tags Vite writes into index.html's head: the entry, its preloads and its stylesheets. */
const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const STYLESHEET_TAG = /<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g;

/**
 * Writes `login.en.html` and `login.zh.html` beside index.html (issue 21): index.html with the sign-in
 * form already drawn in #root (src/app/routes/login/login-prerender.tsx renders the real components),
 * every style inline (the entry's stylesheet too: nothing blocks the first paint), and one small
 * script (`loginBootScript`) that asks for the entry, its imports, the sign-in chunk and the first
 * translations once the form is on screen; main.tsx then hydrates the markup in place. Compressed like
 * every asset.
 */
export function loginShell(): Plugin[] {
  return [loginShellPage(), routerWithoutNames()];
}

/** React Router's bundled build (one module holding the whole library). */
const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[^\\/]+\.mjs$/;
/** A top-level `Name.displayName = "...";` statement. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** A top-level component or context made by React (`var Form = React10.forwardRef(`), not marked pure. */
const REACT_FACTORY = /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;

/**
 * React Router as the bundler can trim it (issue 21). Its components are made at the top of the
 * library's module by calls to React (`React.forwardRef(...)`) that are not marked pure, and named by
 * `displayName` statements, property writes: the bundler kept both, and with them every component of
 * the library, used or not. `Form`, `NavLink`, `ScrollRestoration` and the history router, with what
 * they use (form submission), came into the entry the sign-in page loads although the app uses none of
 * them. Here the calls are marked pure (they are: they only make an object) and the names, which only
 * label components in React's developer tools, are left out.
 */
function routerWithoutNames(): Plugin {
  return {
    name: 'ra-router-without-names',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_MODULE },
      handler(code, id) {
        if (!ROUTER_MODULE.test(id)) return null;
        return { code: code.replace(DISPLAY_NAME, '').replace(REACT_FACTORY, '$1/* @__PURE__ */ $2'), map: null };
      },
    },
  };
}

function loginShellPage(): Plugin {
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
      const built = await readFile(join(dir, 'index.html'), 'utf8');
      const entry = ENTRY_TAG.exec(built)?.[1];
      if (!entry) this.error('index.html has no entry script');
      const entryPreloads = [...built.matchAll(PRELOAD_TAG)].map((m) => m[1]!);
      const entryStylesheets = [...built.matchAll(STYLESHEET_TAG)].map((m) => m[1]!);
      const entryCss = await Promise.all(
        entryStylesheets.map((f) => readFile(join(dir, f.replace(/^\//, '')), 'utf8')),
      );
      const index = built.replace(ENTRY_TAG, '').replace(PRELOAD_TAG, '').replace(STYLESHEET_TAG, '');

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
          const preloads = [...entryPreloads, ...[signIn, locale].flatMap((c) => (c ? [`/${c.fileName}`] : []))];
          const boot = loginBootScript(entry, preloads, entryStylesheets);
          const bootFile = `assets/login-boot-${lang}-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
          await writeFile(join(dir, bootFile), boot);
          // compressed too, though under the size the other assets are compressed from: it is on the
          // sign-in page's every first visit, and brotli halves it (issue 21, /login's budget)
          await writeCompressed(join(dir, bootFile), boot);
          const html = index
            .replace('<html lang="en">', `<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">`)
            .replace(
              /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
              `<div id="root" data-prerendered="login">${markup}</div>`,
            )
            .replace('</head>', `<style>${[...entryCss, ...css].join('')}${PRERENDER_CSS}</style></head>`)
            .replace('</body>', `<script async src="/${bootFile}"></script></body>`);
          if (!html.includes('data-prerendered')) this.error('index.html has no #root to fill');
          const file = join(dir, `login.${lang}.html`);
          await writeFile(file, html);
          await writeCompressed(file, html);
        }
      } finally {
        await server.close();
      }
    },
  };
}
