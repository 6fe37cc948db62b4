import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChildrenNodeRequest, ZChildrenNodeResponse } from '@ra/shared/auth/auth.schemas';
import { authOf } from '../../plugins/access-control.ts';
import type { NodeService } from './node.service.ts';

export function nodeRoutes(service: NodeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/api/getChildrenNodeByXid', {
      schema: {
        tags: ['nodes'],
        summary: "Direct children of a node in the caller's tree (SPEC 7)",
        body: ZChildrenNodeRequest,
        response: { 200: ZChildrenNodeResponse },
      },
      config: { access: { kind: 'authenticated' } },
      handler: (request) => service.childrenOf(authOf(request), request.body.xid, request.body.code),
    });
  };
}
