import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'acorn';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * antd's component styles as static CSS, extracted at build (issue 21).
 *
 * antd writes its styles at run time: the first render of each component turns its style objects into
 * CSS text and inserts it. On a 4x slower phone that took a good part of the signed-in dashboard's
 * main-thread work before its first paint, and the code that writes the styles was about a third of
 * antd's bytes on every signed-in page. The build now does it once:
 *
 * - `extractAntdCss` renders every antd component in Node, as antd's own build of `antd/dist/antd.css`
 *   does, and takes the CSS of each style hook (cssinjs's cache keys name the hook: `Button-Button`,
 *   `Button-compact`, `Shared` for antd's reset).
 * - Each antd module that defines a style hook imports that hook's CSS, so Vite puts the CSS in the chunk
 *   that uses the component, beside its code; the hook's style function is replaced by an empty one, so
 *   the bundler drops the code it called.
 * - The app's themes set `zeroRuntime` (components/layout/theme.ts), so antd no longer writes component
 *   styles; it still writes the theme's CSS variables, which the static CSS reads (antd's css-variable
 *   mode), so the four themes, a colour picked by hand, the text sizes and reduced motion still apply.
 * - The CSS is in one cascade layer, `antd`, so the app's own CSS wins over antd's whatever order the
 *   chunks' stylesheets arrive in, as it did when antd put its styles first in the head.
 *
 * The build fails if a bundled module defines a style hook the extraction did not produce, so a
 * component can never arrive without its styles. Dev (`vite`) and the unit tests keep antd's run-time
 * styles: the plugin applies to builds only.
 */

/** The style-hook factories of @ant-design/cssinjs-utils, as antd's modules call them. */
const HOOK_FACTORIES = ['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent'];

/** antd's own modules; the style hooks are all defined under antd/es. */
const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].+\.js$/;
const CONFIG_PROVIDER = /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;
/** Where antd's style hooks are made: each hook registers its styles (cssinjs's useStyleRegister) unless zeroRuntime. */
const STYLE_UTILS = /[\\/]node_modules[\\/]@ant-design[\\/]cssinjs-utils[\\/]es[\\/]util[\\/]genStyleUtils\.js$/;
/** The one style antd still registered itself under zeroRuntime: the icons' reset (`.anticon`). */
const RESET_ICON_STYLE = /[\\/]node_modules[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]useResetIconStyle\.js$/;

/**
 * One cascade layer for all of antd: the app's own CSS, unlayered, wins over it whatever order the chunks'
 * stylesheets arrive in, as it did when antd put its styles first in the head. Inside the layer,
 * specificity decides as before; layers of their own for antd's later styles would override its more
 * specific rules (a layer beats an earlier one whatever the specificity).
 */
const LAYER = 'antd';

/** Where the extracted CSS is written, under Vite's cache folder. */
const CSS_FOLDER = 'antd-css';

/** A stylesheet this plugin wrote: vite-chunks.ts keeps it with the antd kit whose modules import it. */
export const isAntdCss = (id: string): boolean => /[\\/]antd-css[\\/]a-[0-9a-f]{8}\.css$/.test(id);

/** The cache key of a style hook's CSS: cssinjs-utils joins `[name, name]` or the `[name, sub]` it was given. */
export function hookKey(name: string | string[]): string {
  return Array.isArray(name) ? name.join('-') : `${name}-${name}`;
}

interface TExtracted {
  /** hook key -> its CSS */
  hooks: Map<string, string>;
  /** antd's reset of every component's box model and links (the `Shared` key) */
  shared: string;
}

/**
 * Renders every antd component with the styles collected in a cssinjs cache, and returns each style
 * hook's CSS. The components without a style of their own at rest are given what makes them draw one
 * (antd's build-style script renders the same set).
 */
export async function extractAntdCss(): Promise<TExtracted> {
  const React = await import('react');
  const { renderToString } = await import('react-dom/server');
  const antd = (await import('antd')) as unknown as Record<string, unknown>;
  const cssinjs = await import('@ant-design/cssinjs');
  const h = React.createElement;
  type TAny = React.ComponentType<Record<string, unknown>> &
    Record<string, React.ComponentType<Record<string, unknown>>>;
  const C = (name: string) => antd[name] as TAny;
  const frag = (...children: React.ReactNode[]) => h(React.Fragment, null, ...children);
  const custom: Record<string, () => React.ReactNode> = {
    Affix: () => h(C('Affix'), null, h('div')),
    Badge: () => frag(h(C('Badge')), h(C('Badge').Ribbon!)),
    Cascader: () => frag(h(C('Cascader')), h(C('Cascader').Panel!)),
    Dropdown: () => h(C('Dropdown'), { menu: { items: [] } }, h('div')),
    Form: () => h(C('Form'), null, h(C('Form').Item!, { label: 'x', help: 'x' }, h('input'))),
    Input: () =>
      frag(h(C('Input')), h(C('Input').Search!), h(C('Input').TextArea!), h(C('Input').Password!), h(C('Input').OTP!)),
    Menu: () => h(C('Menu'), { items: [] }),
    Modal: () =>
      frag(
        h(C('Modal')),
        h(C('Modal')._InternalPanelDoNotUseOrYouWillBeFired!),
        h(C('Modal')._InternalPanelDoNotUseOrYouWillBeFired!, { type: 'confirm' }),
      ),
    Layout: () => frag(h(C('Layout')), h(C('Layout').Sider!)),
    // the bordered style is drawn only in the wireframe look
    Pagination: () =>
      frag(
        h(C('Pagination'), { total: 50 }),
        h(
          C('ConfigProvider'),
          { theme: { hashed: false, token: { wireframe: true } } },
          h(C('Pagination'), { total: 50 }),
        ),
      ),
    QRCode: () => h(C('QRCode'), { value: 'https://example.com' }),
    Space: () => frag(h(C('Space')), h(C('Space').Compact!, null, h(C('Button'))), h(C('Space').Addon!, null, 'x')),
    Tag: () => frag(h(C('Tag'), { color: 'blue' }, 'x'), h(C('Tag'), { color: 'success' }, 'x')),
    Tree: () => h(C('Tree'), { treeData: [] }),
    message: () => h((antd.message as TAny)._InternalPanelDoNotUseOrYouWillBeFired!),
    notification: () => h((antd.notification as TAny)._InternalPanelDoNotUseOrYouWillBeFired!),
  };
  const names = Object.keys(antd).filter(
    (n) => n !== 'ConfigProvider' && n !== 'Grid' && (/^[A-Z]/.test(n) || n === 'message' || n === 'notification'),
  );
  const cache = cssinjs.createCache();
  const ConfigProvider = C('ConfigProvider');
  // antd warns about deprecated components (List, BackTop) as they render: rendered here only for their CSS
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    if (!/^Warning: \[antd/.test(String(args[0]))) consoleError(...args);
  };
  try {
    for (const name of names) {
      const node =
        custom[name]?.() ?? (typeof antd[name] === 'function' || typeof antd[name] === 'object' ? h(C(name)) : null);
      if (!node) continue;
      try {
        renderToString(h(cssinjs.StyleProvider, { cache }, h(ConfigProvider, { theme: { hashed: false } }, node)));
      } catch {
        // an export that is not a component (a hook, a helper): nothing to draw
      }
    }
  } finally {
    console.error = consoleError;
  }
  const byKey = new Map<string, [string, unknown][]>();
  for (const [key, value] of cache.cache) {
    if (!key.startsWith('style%')) continue;
    // style % hashId % name % prefixCls % iconPrefixCls
    const hook = key.split('%')[2]!;
    const entries = byKey.get(hook) ?? [];
    entries.push([key, value]);
    byKey.set(hook, entries);
  }
  const hooks = new Map<string, string>();
  let shared = '';
  for (const [hook, entries] of byKey) {
    const css = cssinjs
      .extractStyle({ cache: new Map(entries), extracted: new Set(), updateTimes: new Map() } as never, {
        plain: true,
        types: 'style',
      })
      // extractStyle ends with the map the client reads server-rendered styles by: not needed here
      .replace(/\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}$/, '');
    if (hook === 'Shared') shared = css;
    // the icons' reset, which ConfigProvider registered: the same rules are in `Shared`
    else if (hook !== 'ant-design-icons') hooks.set(hook, css);
  }
  return { hooks, shared };
}

interface TCall {
  key: string;
  styleFn: { start: number; end: number };
}

type TNode = { type: string; start: number; end: number; [k: string]: unknown };

/** The style-hook definitions in an antd module: the hook's key and where its style function is. */
function styleHookCalls(code: string, id: string): TCall[] {
  const calls: TCall[] = [];
  const ast = Parser.parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as TNode;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as TNode;
    if (n.type === 'CallExpression') {
      const callee = n.callee as TNode & { name?: string };
      const args = n.arguments as (TNode & { value?: unknown; elements?: (TNode & { value?: unknown })[] })[];
      if (callee.type === 'Identifier' && HOOK_FACTORIES.includes(callee.name!) && args.length >= 2) {
        const first = args[0]!;
        const name =
          first.type === 'Literal' && typeof first.value === 'string'
            ? first.value
            : first.type === 'ArrayExpression' && first.elements!.every((e) => e.type === 'Literal')
              ? first.elements!.map((e) => String(e.value))
              : null;
        if (name === null) throw new Error(`${id}: a style hook whose name is not written out (${callee.name})`);
        calls.push({ key: hookKey(name), styleFn: { start: args[1]!.start, end: args[1]!.end } });
      }
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'type' && typeof v === 'object') visit(v);
  };
  visit(ast);
  return calls;
}

export function antdStaticCss(): Plugin {
  let outDir = '';
  const files = new Map<string, string>();
  /** module id -> the hook keys it defines that have no extracted CSS */
  const missing = new Map<string, string[]>();
  const fileFor = async (css: string): Promise<string> => {
    const text = `@layer ${LAYER}{${css}}`;
    const file = join(outDir, `a-${createHash('sha256').update(text).digest('hex').slice(0, 8)}.css`);
    await writeFile(file, text);
    return file;
  };
  return {
    name: 'ra-antd-static-css',
    apply: 'build',
    enforce: 'pre',
    config() {
      return { define: { 'import.meta.env.RA_ANTD_STATIC_CSS': JSON.stringify('true') } };
    },
    configResolved(config) {
      outDir = join(config.cacheDir, CSS_FOLDER);
    },
    async buildStart() {
      const extracted = await extractAntdCss();
      await mkdir(outDir, { recursive: true });
      files.set('Shared', await fileFor(extracted.shared));
      for (const [key, css] of extracted.hooks) files.set(key, await fileFor(css));
    },
    transform(code, id) {
      if (STYLE_UTILS.test(id)) {
        // the hooks register nothing (their CSS is in the stylesheets): without the calls, the bundler
        // drops cssinjs's style writer and its CSS serializer (stylis)
        const s = new MagicString(code);
        for (const m of code.matchAll(/\buseStyleRegister\(/g))
          s.overwrite(m.index, m.index + m[0].length, 'noStyleRegister(');
        s.prepend('const noStyleRegister = () => undefined;\n');
        return { code: s.toString(), map: s.generateMap({ hires: true }) };
      }
      if (!ANTD_MODULE.test(id)) return null;
      if (RESET_ICON_STYLE.test(id)) {
        // its rules are in antd's reset (`Shared`), which rides with ConfigProvider
        return { code: 'const useResetIconStyle = () => undefined;\nexport default useResetIconStyle;\n', map: null };
      }
      const s = new MagicString(code);
      const imports: string[] = [];
      if (CONFIG_PROVIDER.test(id)) imports.push(files.get('Shared')!);
      if (HOOK_FACTORIES.some((f) => code.includes(`${f}(`))) {
        for (const call of styleHookCalls(code, id)) {
          const file = files.get(call.key);
          if (!file) {
            // an error only if the module ends up in the bundle (generateBundle)
            missing.set(id, [...(missing.get(id) ?? []), call.key]);
            continue;
          }
          imports.push(file);
          // never called once antd runs without run-time styles; the bundler drops what it called
          s.overwrite(call.styleFn.start, call.styleFn.end, '() => []');
        }
      }
      if (imports.length === 0) return null;
      s.prepend(imports.map((f) => `import ${JSON.stringify(f)};\n`).join(''));
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
    generateBundle(_options, bundle) {
      const bundled = new Set(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? c.moduleIds : [])));
      const unstyled = [...missing].filter(([id]) => bundled.has(id));
      if (unstyled.length > 0) {
        this.error(
          `antd style hooks without extracted CSS (render them in extractAntdCss): ${unstyled
            .map(([id, keys]) => `${keys.join(', ')} (${id})`)
            .join('; ')}`,
        );
      }
    },
  };
}
