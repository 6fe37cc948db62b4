/**
 * zod compiles object parsers with `new Function` when it may; the server's Content-Security-Policy
 * forbids eval, so its probe would be reported as a violation in every page that parses a form or an
 * answer. Interpreted parsing is what runs under that policy anyway. Imported first by main.tsx:
 * the choice is read when each schema is created, which for shared schemas is at module load.
 *
 * Set where zod keeps its configuration (`globalThis.__zod_globalConfig`, shared by every copy of
 * zod 4, read by `z.config()`), rather than by importing zod: an import would put zod's core in the
 * first chunk of every page, the sign-in page included, which has no schema at all (issue 21).
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// the same object zod reads, whether zod has loaded already or not
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
