import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { isAntdCss } from './vite-antd-css.ts';

/**
 * Groups the code the first signed-in page needs into one chunk (issue 21).
 *
 * Left to itself the bundler cuts the code shared between pages into one chunk per set of pages
 * sharing it: the dashboard arrived as some seventy scripts, most of 1-2 KB, each request costing
 * about as much in headers and round trips as its content. This plugin computes, once the module
 * graph is known, every module that the signed-in frame, its providers and the home page reach
 * through static imports, minus what the sign-in page already runs, and `signedInTest` hands that
 * set to a chunk group in vite.config.ts. Every signed-in page opens inside the frame, so none of
 * them loads code it would not have loaded anyway; lazy imports (drawers, dialogs, charts) stay lazy.
 *
 * The app imports antd and its icons through their index files, which re-export everything; only the
 * names a module actually imports are followed through them, or the set would hold all of antd.
 */

/** Entry points of the signed-in chunk: the frame, antd's providers and the home page (HOME_PATH). */
export const SIGNED_IN_ROOTS = [
  'src/app/signed-in-shell.tsx',
  'src/app/ui-providers.tsx',
  'src/app/routes/dashboard/dashboard-page.tsx',
  // the home page's sales panel and its 14-day chart (lazy in the page, 4 KB): in their own scripts
  // they were two more round trips, one after the other, before the panel's first line (its LCP)
  'src/features/dashboard/components/today-sales.tsx',
  'src/features/dashboard/components/sales-chart.tsx',
  // the lists' search setter (half a kilobyte), used by most list pages and the reports: a script of its
  // own on each of them otherwise
  'src/lib/use-latest-search.ts',
];
/**
 * What the signed-in route loaders run (issue 21): the guard's restaurant info, the frame's and the
 * home page's data, as their own small chunk, so their requests leave as soon as the entry has run,
 * while the signed-in chunk (about 120 KB) still downloads; riding in that chunk, they waited for all
 * of it, one after the other. Their modules beyond the
 * sign-in page's are the `route-data` chunk (`routeDataTest`), and never join the signed-in one.
 */
export const ROUTE_DATA_ROOTS = [
  'src/app/routes/dashboard/prefetch-dashboard-page.ts',
  'src/app/layout/prefetch-frame.ts',
  // the guard's restaurant info (getrest), which every signed-in page load waits for: in the signed-in
  // chunk, the call left only once all of that chunk had arrived
  'src/features/auth/api/get-rest.ts',
  // the route table and its pages' routes, which the guard and the router load on the first signed-in
  // navigation: not in the entry, so the sign-in page goes without them (issue 21, router.tsx)
  'src/app/table-routes.tsx',
  // the sales summary's loader, the page most opened after the dashboard: its figures are asked for
  // as soon as the route table is here (router.tsx preloadSignedInPage), not after a chain of small
  // scripts of its own (its range, the last day with sales), each waiting for a free connection
  'src/features/reports/api/prefetch-sales-summary.ts',
];

/**
 * The sales report page's own modules, as one chunk (issue 21): the app's modules the page reaches
 * through static imports that no chunk above holds. Left to the bundler, they were a dozen scripts of
 * under 2 KB each (the range bar, the period's parsing, the last day with sales, the tabs' list). Only
 * the app's own modules, and the icons only they draw: a library the page uses (dayjs) stays where other
 * pages find it.
 */
export const SALES_REPORT_ROOTS = ['src/app/routes/sales-report/sales-report-page.tsx'];

/** The app's own source (the web app's and the shared package's), not a library. */
const APP_SOURCE = /\/(apps\/web|packages\/shared)\/src\//;
/** One of antd's icons as a component, and the drawing it renders. */
const ICON = /\/node_modules\/@ant-design\/icons\/es\/icons\/[^/]+\.js$/;
/** The icon package's index files, which re-export every icon (the app imports each icon's own file). */
const ICON_INDEX = /\/node_modules\/@ant-design\/icons\/es\/(icons\/)?index\.js$/;
const ICON_SVG = /\/node_modules\/@ant-design\/icons-svg\/es\/asn\/[^/]+\.js$/;

/**
 * What the sign-in page runs: the entry, then the sign-in route. The route's modules (beyond the
 * entry's) become one chunk too (`signInTest`), and never join the signed-in one.
 */
export const SIGN_IN_ROOTS = ['src/main.tsx', 'src/app/routes/login/login-page.tsx'];

/**
 * antd's components beyond the signed-in chunk, as a few kits (issue 21): a page loads each kit whose
 * components it uses as one script, instead of one script per set of pages sharing a piece (the sales
 * summary fetched 61 scripts, most under 3 KB, each paying headers and a round trip). A kit holds its
 * components' every module that neither the sign-in page nor the signed-in chunk has and that no
 * earlier kit took, so the kits do not overlap; the first kits are the small components most pages use
 * together, the later ones build on them (a table's pagination uses the input kit's select). A page
 * using one component of a kit loads the whole kit: the kits group what pages use together.
 */
export const ANTD_KITS: Array<{ name: string; components: string[] }> = [
  // on most pages: states, headings, labels
  { name: 'kit-common', components: ['Alert', 'Typography', 'Tag', 'Empty', 'Result', 'Skeleton', 'Space', 'Spin'] },
  // text fields and drop-downs
  { name: 'kit-input', components: ['Input', 'Select'] },
  // lists: the table with its pagination, selection and loading state
  { name: 'kit-table', components: ['Table', 'Pagination', 'Checkbox', 'Radio'] },
  // editors
  { name: 'kit-form', components: ['Form', 'Switch', 'InputNumber'] },
  // periods
  { name: 'kit-date', components: ['DatePicker', 'TimePicker'] },
  // sections of a page, switches between views
  { name: 'kit-tabs', components: ['Tabs', 'Segmented'] },
];

/** antd and the packages it is made of (rc-*, @rc-component/*, @ant-design/*). */
const ANTD_PACKAGES = /\/node_modules\/(antd|rc-[^/]+|@rc-component\/[^/]+|@ant-design\/[^/]+)\//;

/** Index files that re-export a library's every component or icon. */
const BARRELS: Record<string, string> = {
  antd: 'node_modules/antd/es/index.js',
  '@ant-design/icons': 'node_modules/@ant-design/icons/es/index.js',
};

const norm = (p: string) => p.replaceAll('\\', '/');

function resolveFile(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.js`, `${base}/index.js`]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.m?js$/.test(candidate)) return realpathSync(candidate);
  }
  return undefined;
}

/** Exported name -> the file a barrel re-exports it from (following `export *`). */
function barrelExports(file: string, seen = new Set<string>()): Map<string, string> {
  const out = new Map<string, string>();
  if (seen.has(file)) return out;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const target = resolveFile(file, m[2]!);
    if (!target) continue;
    for (const spec of m[1]!.split(',')) {
      const name = spec
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) out.set(name, target);
    }
  }
  for (const m of source.matchAll(/export\s*\*\s*from\s*['"]([^'"]+)['"]/g)) {
    const target = resolveFile(file, m[1]!);
    if (target) for (const [name, t] of barrelExports(target, seen)) if (!out.has(name)) out.set(name, t);
  }
  return out;
}

/** The value names (not types) a source file imports from `pkg`. */
function namesImported(source: string, pkg: string): string[] {
  const names: string[] = [];
  const quoted = pkg.replace(/[/@]/g, (c) => `\\${c}`);
  for (const m of source.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g'))) {
    if (m[1]) continue;
    for (const spec of m[2]!.split(',')) {
      const s = spec.trim();
      if (!s || s.startsWith('type ')) continue;
      names.push(s.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

export function signedInChunk(): {
  plugin: Plugin;
  signedInTest: (id: string) => boolean;
  signInTest: (id: string) => boolean;
  routeDataTest: (id: string) => boolean;
  /** the antd kit a module belongs to (ANTD_KITS), or null */
  kitName: (id: string) => string | null;
  salesReportTest: (id: string) => boolean;
} {
  const members = new Set<string>();
  const salesReportMembers = new Set<string>();
  const kitOf = new Map<string, string>();
  const signInMembers = new Set<string>();
  const routeDataMembers = new Set<string>();
  const plugin: Plugin = {
    name: 'ra-signed-in-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const barrelIds = new Map<string, { pkg: string; exports: Map<string, string> }>();
      for (const id of ids) {
        for (const [pkg, suffix] of Object.entries(BARRELS)) {
          if (norm(id).endsWith(suffix)) barrelIds.set(id, { pkg, exports: barrelExports(id) });
        }
      }
      const known = new Map(ids.map((id) => [existsSync(id) ? realpathSync(id) : id, id]));

      const closure = (roots: string[], fromIds?: string[]): Set<string> => {
        const seen = new Set<string>();
        const queue = fromIds ? [...fromIds] : ids.filter((id) => roots.some((r) => norm(id).endsWith(r)));
        if (!fromIds && queue.length !== roots.length) this.error(`chunk roots not found: ${roots.join(', ')}`);
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
            const barrel = barrelIds.get(next);
            if (!barrel) {
              queue.push(next);
              continue;
            }
            // through a barrel: only what this module imports from it
            let source = '';
            try {
              source = readFileSync(id, 'utf8');
            } catch {
              continue;
            }
            for (const name of namesImported(source, barrel.pkg)) {
              const file = barrel.exports.get(name);
              const target = file && known.get(file);
              if (target) queue.push(target);
            }
          }
        }
        return seen;
      };

      const entry = closure(SIGN_IN_ROOTS.slice(0, 1));
      const signIn = closure(SIGN_IN_ROOTS);
      signInMembers.clear();
      for (const id of signIn) if (!entry.has(id)) signInMembers.add(id);
      routeDataMembers.clear();
      for (const id of closure(ROUTE_DATA_ROOTS)) if (!signIn.has(id) && !barrelIds.has(id)) routeDataMembers.add(id);
      members.clear();
      const signedIn = closure(SIGNED_IN_ROOTS);
      for (const id of signedIn) {
        if (!signIn.has(id) && !barrelIds.has(id) && !routeDataMembers.has(id)) members.add(id);
      }

      // antd's kits: each component's modules the chunks above lack, first kit first
      kitOf.clear();
      const antd = [...barrelIds.values()].find((b) => b.pkg === 'antd');
      if (antd) {
        const kitClosures = ANTD_KITS.map((kit) => {
          const rootIds = kit.components
            .map((name) => antd.exports.get(name))
            .map((file) => file && known.get(file))
            .filter((id): id is string => id !== undefined);
          return rootIds.length === 0 ? new Set<string>() : closure([], rootIds);
        });
        const kitsReaching = (id: string) => kitClosures.filter((c) => c.has(id)).length;
        ANTD_KITS.forEach((kit, i) => {
          for (const id of kitClosures[i]!) {
            if (signIn.has(id) || signedIn.has(id) || barrelIds.has(id) || kitOf.has(id)) continue;
            // only antd's own packages and their extracted styles (vite-antd-css.ts, one stylesheet per
            // kit): a general library it uses (dayjs) is imported by app code too, which would then load
            // the kit
            if (!ANTD_PACKAGES.test(norm(id)) && !isAntdCss(id)) continue;
            // an icon two kits draw (a tab's and a form list's "+") stays its own script: in one of
            // the kits it would make every page using the other load that kit too
            if (norm(id).includes('/@ant-design/icons') && kitsReaching(id) > 1) continue;
            kitOf.set(id, kit.name);
          }
        });
      }

      salesReportMembers.clear();
      const salesReport = closure(SALES_REPORT_ROOTS);
      const taken = (id: string) =>
        signIn.has(id) || signedIn.has(id) || routeDataMembers.has(id) || barrelIds.has(id) || kitOf.has(id);
      for (const id of salesReport) if (!taken(id) && APP_SOURCE.test(norm(id))) salesReportMembers.add(id);
      // an icon only the page's own modules draw comes along, with its drawing: a script of its own
      // otherwise (half a kilobyte), and one the chunk would import while that script imports it
      for (const id of salesReport) {
        if (taken(id) || !ICON.test(norm(id))) continue;
        const importers = (this.getModuleInfo(id)?.importers ?? []).filter((i) => !ICON_INDEX.test(norm(i)));
        if (!importers.every((i) => salesReportMembers.has(i))) continue;
        salesReportMembers.add(id);
        for (const drawing of this.getModuleInfo(id)?.importedIds ?? []) {
          if (ICON_SVG.test(norm(drawing)) && !taken(drawing)) salesReportMembers.add(drawing);
        }
      }
    },
  };
  return {
    plugin,
    signedInTest: (id) => members.has(id),
    signInTest: (id) => signInMembers.has(id),
    routeDataTest: (id) => routeDataMembers.has(id),
    kitName: (id) => kitOf.get(id) ?? null,
    salesReportTest: (id) => salesReportMembers.has(id),
  };
}
