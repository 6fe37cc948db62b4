import { z } from 'zod';

/** The live sales stream (GET LIVE_SALES_PATH, text/event-stream). */
export const LIVE_SALES_PATH = '/api/api/live/sales';

/**
 * `since`: the last version a client saw, for clients that cannot send Last-Event-ID (which wins when
 * both are given). The stream then tells at once whether the restaurant's sales moved since.
 */
export const ZLiveSalesQuery = z.object({
  since: z
    .string()
    .max(16)
    .regex(/^\d{1,15}$/)
    .optional()
    .describe('Last version seen (decimal); the Last-Event-ID header wins'),
});
export type TLiveSalesQuery = z.infer<typeof ZLiveSalesQuery>;

/** What the path answers to a request that does not accept text/event-stream: the current version. */
export const ZLiveSalesVersion = z.object({ version: z.number().int().min(0) });
export type TLiveSalesVersion = z.infer<typeof ZLiveSalesVersion>;

/**
 * The events of the stream:
 * - `ready` (id = the version the stream starts from) once connected;
 * - `sales` (id = the restaurant's new version) when an order, void or refund changed its figures:
 *   the client fetches what it shows again;
 * - a comment line `: ping` every 15 s, so proxies keep the connection and the client notices a drop.
 */
export interface TLiveSalesEvent {
  version: number;
}
