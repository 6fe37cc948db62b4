import {
  ZRestParams,
  ZSignatureParams,
  ZSignatureRequest,
  ZSignatureResponse,
} from '@ra/shared/work-hours/work-hours.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import type { SignaturesService } from './signatures.service.ts';
import { AT_RESTAURANT, VIEW } from './work-hours.access.ts';

/** The signature pad: store a signature, read one back. */
export function signaturesRoutes(signatures: SignaturesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/api/restaurant/:restId/workhour-signature', {
      schema: {
        tags: ['work-hours'],
        summary: 'Store a signature (a PNG data URL) and answer the URL to send with a change',
        description: 'Also from a paired device of the restaurant, for the signature at clock-out.',
        params: ZRestParams,
        body: ZSignatureRequest,
        response: { 200: ZSignatureResponse },
      },
      config: { access: AT_RESTAURANT, devices: true },
      bodyLimit: 600_000,
      handler: (request) =>
        signatures.storeSignature(authOf(request), request.params.restId, request.body.imageDataURL),
    });

    app.get('/api/api/restaurant/:restId/workhour-signature/:name', {
      schema: {
        tags: ['work-hours'],
        summary: 'A stored signature image (PNG)',
        params: ZSignatureParams,
      },
      config: { access: VIEW },
      handler: async (request, reply) => {
        const bytes = await signatures.readSignature(authOf(request), request.params.restId, request.params.name);
        return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=86400').send(bytes);
      },
    });
  };
}
