import { config } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may; the server's Content-Security-Policy
 * forbids eval, so its probe would be reported as a violation in every page that parses a form or an
 * answer. Interpreted parsing is what runs under that policy anyway. Imported first by main.tsx:
 * the choice is read when each schema is created, which for shared schemas is at module load.
 */
config({ jitless: true });
