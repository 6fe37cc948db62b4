import { z } from 'zod';

/**
 * The largest id (and the largest of any other `integer` column): PostgreSQL's int4. A larger number
 * in a request is a 400 rather than a database error, and the OpenAPI document shows it as `maximum`.
 */
export const MAX_INT4 = 2_147_483_647;

/** A record id in a JSON body. */
export const ZDbId = z.number({ error: 'Expected a numeric id' }).int().positive().max(MAX_INT4);

/** A record id in a path or query: it arrives as text. */
export const ZIdText = z.coerce.number().int().positive().max(MAX_INT4);

/** `/:id` paths. */
export const ZIdParam = z.object({ id: ZIdText });

/**
 * A yes/no query flag ('true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 'y', 'n', 'enabled',
 * 'disabled', as z.stringbool reads them); no such word is longer than 8 characters.
 */
export const zQueryFlag = () => z.string().max(8, 'Invalid input: expected a yes/no value').pipe(z.stringbool());
