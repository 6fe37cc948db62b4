// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { antdStaticCss, extractAntdCss, hookKey } from '../../vite-antd-css.ts';

/** antd's modules as the build sees them (its ES build). */
const antdFile = (path: string) => createRequire(import.meta.url).resolve(`antd/es/${path}`);

type THook = (...args: unknown[]) => unknown;
const call = (plugin: Plugin, hook: keyof Plugin, context: object, ...args: unknown[]) =>
  (plugin[hook] as THook).call(context, ...args);

describe('antd styles extracted at build (vite-antd-css.ts)', () => {
  let cacheDir: string;
  let plugin: Plugin;
  const errors: string[] = [];
  const context = { error: (message: string) => errors.push(message) };

  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'antd-css-'));
    plugin = antdStaticCss();
    call(plugin, 'configResolved', context, { cacheDir });
    await call(plugin, 'buildStart', context);
  }, 60_000);
  afterAll(async () => {
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('names a hook as cssinjs caches it', () => {
    expect(hookKey('Button')).toBe('Button-Button');
    expect(hookKey(['Button', 'compact'])).toBe('Button-compact');
  });

  it('takes each hook’s CSS in css-variable form, without hashes, and antd’s reset', async () => {
    const { hooks, shared } = await extractAntdCss();
    const button = hooks.get('Button-Button')!;
    expect(button).toContain('.ant-btn{');
    expect(button).toContain('var(--ant-color-primary)');
    // no hashed selectors: class names carry no hash under the app's theme (hashed: false)
    expect(button).not.toContain(':where(.css-');
    expect(hooks.get('Button-compact')).toContain('.ant-btn');
    expect(hooks.has('Table-Table')).toBe(true);
    expect(shared).toContain('.anticon');
  }, 60_000);

  it('gives a style hook’s module its CSS, in the antd layer, and an empty style function', async () => {
    const id = antdFile('button/style/index.js');
    const code = await readFile(id, 'utf8');
    expect(code).toContain('genStyleHooks(');
    const out = (await call(plugin, 'transform', context, code, id)) as { code: string };
    const imported = /^import "([^"]+\.css)";$/m.exec(out.code)?.[1];
    expect(imported).toBeDefined();
    const css = await readFile(imported!, 'utf8');
    expect(css.startsWith('@layer antd{')).toBe(true);
    expect(css).toContain('.ant-btn{');
    // the style function the hook was given is gone; its component token stays for the variables
    expect(out.code).toContain('() => []');
    expect(out.code).toContain('prepareComponentToken');
    expect(out.code.length).toBeLessThan(code.length);
    expect(errors).toEqual([]);
  });

  it('puts antd’s reset beside ConfigProvider and stops the icons’ run-time reset', async () => {
    const provider = antdFile('config-provider/index.js');
    const out = (await call(plugin, 'transform', context, await readFile(provider, 'utf8'), provider)) as {
      code: string;
    };
    const imported = /^import "([^"]+\.css)";$/m.exec(out.code)![1]!;
    expect(await readFile(imported, 'utf8')).toContain('.anticon');
    const icon = antdFile('theme/util/useResetIconStyle.js');
    const stub = (await call(plugin, 'transform', context, await readFile(icon, 'utf8'), icon)) as { code: string };
    expect(stub.code).not.toContain('useStyleRegister');
  });

  it('takes the style registration out of the hooks, so cssinjs’s style writer is left out', async () => {
    const utils = createRequire(import.meta.url).resolve('@ant-design/cssinjs-utils/es/util/genStyleUtils.js');
    const code = await readFile(utils, 'utf8');
    expect(code).toMatch(/\buseStyleRegister\(/);
    const out = (await call(plugin, 'transform', context, code, utils)) as { code: string };
    expect(out.code).not.toMatch(/\buseStyleRegister\(/);
    // the variables antd still writes
    expect(out.code).toMatch(/\buseCSSVarRegister\(/);
  });

  it('fails the build when a bundled module’s hook has no CSS, and not when it is left out', () => {
    const id = '/x/node_modules/antd/es/made-up/style/index.js';
    const code =
      "import { genStyleHooks } from '../../theme/internal';\nexport default genStyleHooks('MadeUp', () => [], () => ({}));\n";
    expect(call(plugin, 'transform', context, code, id)).toBeNull();
    call(plugin, 'generateBundle', context, {}, { 'a.js': { type: 'chunk', moduleIds: ['/other.js'] } });
    expect(errors).toEqual([]);
    call(plugin, 'generateBundle', context, {}, { 'a.js': { type: 'chunk', moduleIds: [id] } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('MadeUp-MadeUp');
  });
});
