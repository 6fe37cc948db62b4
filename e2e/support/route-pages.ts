import { resolve } from 'node:path';

/** A record of the web app's route table, as far as the browser suites read it. */
interface TRecord {
  path: string;
  roles?: string[];
  lazy?: unknown;
  children?: TRecord[];
}

const repoRoot = resolve(import.meta.dirname, '..', '..');
// a path in a variable: the suite's TypeScript does not compile the web app's .tsx, Vite loads it
const routeTableModule = resolve(repoRoot, 'apps/web/src/app/route-table.tsx');
const { routeTable } = (await import(/* @vite-ignore */ routeTableModule)) as { routeTable: TRecord[] };

/** Every page of the table (a record with `lazy`), with the roles its group or itself is limited to. */
function tablePages(records: TRecord[], inherited?: string[]): Array<{ path: string; roles?: string[] }> {
  return records.flatMap((r) => {
    const roles = r.roles ?? inherited;
    return [...(r.lazy ? [{ path: r.path, roles }] : []), ...tablePages(r.children ?? [], roles)];
  });
}

/**
 * The pages of apps/web/src/app/route-table.tsx, read when the suite runs, so a page added to the table
 * is checked without touching the tests: the owner's, and those only platform staff may open.
 */
export const PAGES = tablePages(routeTable);
const allows = (roles: string[] | undefined, role: string) => !roles || roles.includes(role);
export const OWNER_PAGES = PAGES.filter((p) => allows(p.roles, 'owner')).map((p) => p.path);
export const ADMIN_ONLY_PAGES = PAGES.filter((p) => !allows(p.roles, 'owner') && allows(p.roles, 'admin')).map(
  (p) => p.path,
);
