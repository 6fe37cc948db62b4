import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMappingQuery, ZMappingRequest, ZMappingResponse, ZPublishedQuery } from '@ra/shared/menu/menu.schemas';
import { authOf } from '../../plugins/access-control.ts';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import { publishedBytes, publishedEncoding, type MenuChannels } from './menu-channels.ts';
import { EDIT_MENU, MENU_READER } from './menu-routes.ts';

/** Issue 8's channel mapping and the published menu; contract in docs/api/menu.md. */
export function channelsRoutes(channels: MenuChannels): FastifyPluginAsyncZod {
  return async (app) => {
    // --- channel mapping and the published menu ------------------------------------------------

    app.get('/api/api/menu/mapping', {
      schema: {
        tags: ['menu'],
        summary: 'A channel’s categories and items in order, and its prefix rules',
        querystring: ZMappingQuery,
        response: { 200: ZMappingResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => channels.mapping(authOf(request), request.query.channel),
    });
    app.put('/api/api/menu/mapping', {
      schema: {
        tags: ['menu'],
        summary: 'Save a channel’s layout and prefix rules',
        body: ZMappingRequest,
        response: { 200: ZMappingResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => channels.saveMapping(authOf(request), request.body, request.ip),
    });
    app.get('/api/api/menu/published', {
      schema: {
        tags: ['menu'],
        summary: 'The menu a channel shows now (ZPublishedMenu), with an ETag; 304 when If-None-Match still matches',
        querystring: ZPublishedQuery,
      },
      config: { access: MENU_READER },
      handler: async (request, reply) => {
        const entry = await channels.published(requireRestaurantId(authOf(request)), request.query.channel);
        void reply
          .header('ETag', entry.etag)
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', 'Accept-Encoding');
        const asked = request.headers['if-none-match'];
        if (asked && asked.split(',').some((tag) => tag.trim() === entry.etag)) return reply.code(304).send();
        // Checked against ZPublishedMenu once when built, then sent as cached bytes, compressed once per
        // encoding (the compression plugin leaves an answer that already has a Content-Encoding alone).
        const encoding = publishedEncoding(request.headers['accept-encoding']);
        if (encoding !== 'identity') void reply.header('Content-Encoding', encoding);
        return reply.type('application/json; charset=utf-8').send(publishedBytes(entry, encoding));
      },
    });
  };
}
