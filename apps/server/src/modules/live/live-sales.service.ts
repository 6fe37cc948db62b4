import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { LiveSalesHub, TLiveConnection } from './live.service.ts';

/** How often an idle stream sends a comment line (proxies keep it open; the client notices a drop). */
export const LIVE_HEARTBEAT_MS = 15_000;
/** What EventSource waits before reconnecting after a drop. */
const RETRY_MS = 1_000;
/** A client this far behind on reading is slow: changes are signals, so it is skipped until it drains. */
const SLOW_CLIENT_BYTES = 64 * 1024;

/** Writes one restaurant's live sales as server-sent events (the hub decides what to tell). */
export class LiveSalesService {
  constructor(
    private readonly hub: LiveSalesHub,
    private readonly heartbeatMs: number = LIVE_HEARTBEAT_MS,
  ) {}

  /** The restaurant's current version (a client that only asks, not streams). */
  async current(restaurantId: number): Promise<{ version: number }> {
    return { version: await this.hub.version(restaurantId) };
  }

  async stream(request: IncomingMessage, reply: FastifyReply, restaurantId: number, since: number | null) {
    const raw = reply.raw;
    let ended = false;
    // Set once the stream is open; `end` may run before (the client left while it was opening).
    const state: { heartbeat?: NodeJS.Timeout; opened?: { close: () => void } } = {};
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(state.heartbeat);
      state.opened?.close();
      raw.end();
    };
    const write = (text: string) => {
      if (ended || raw.writableLength > SLOW_CLIENT_BYTES) return;
      raw.write(text);
    };
    const connection: TLiveConnection = {
      restaurantId,
      lastVersion: 0,
      ready: false,
      pending: 0,
      push: (version) => write(`id: ${version}\nevent: sales\ndata: {"version":${version}}\n\n`),
      end: () => end(),
    };
    const start = await this.hub.open(connection, since);
    state.opened = start;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write(`retry: ${RETRY_MS}\nid: ${start.version}\nevent: ready\ndata: {"version":${start.version}}\n\n`);
    if (start.missed !== null) connection.push(start.missed);
    state.heartbeat = setInterval(() => write(': ping\n\n'), this.heartbeatMs);
    state.heartbeat.unref();
    // The response's close: the client went away (a request's own close only means its body was read).
    raw.on('close', end);
    raw.on('error', end);
    // The client left while the stream was being opened.
    if (request.socket.destroyed || raw.destroyed) end();
  }
}
