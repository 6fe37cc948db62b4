import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZSegment,
  ZSegmentDeleted,
  ZSegmentIdParams,
  ZSegmentList,
  ZSegmentRequest,
  ZSegmentUpdate,
} from '@ra/shared/segments/segments.schemas';
import { authOf } from '../../plugins/access-control.ts';
import type { SegmentsService } from './segments.service.ts';

/** The customer list's people (owners, agents, admins; checked by the service, as the list's routes). */
const restaurant = { access: { kind: 'restaurant' } } as const;

/** Saved segments (issue 24): list with counts, create, rename or re-filter, delete. */
export function segmentsRoutes(segments: SegmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/customers/segments', {
      schema: {
        tags: ['segments'],
        summary: "The restaurant's saved segments by name, each with how many customers it matches now",
        response: { 200: ZSegmentList },
      },
      config: restaurant,
      handler: (request) => segments.list(authOf(request)),
    });

    app.post('/api/api/customers/segments', {
      schema: {
        tags: ['segments'],
        summary: 'Save a customer-list filter under a name (unique per restaurant in any case; at most 50)',
        body: ZSegmentRequest,
        response: { 200: ZSegment },
      },
      config: restaurant,
      handler: (request) => segments.create(authOf(request), request.body.name, request.body.filter),
    });

    app.get('/api/api/customers/segments/:id', {
      schema: {
        tags: ['segments'],
        summary: 'One saved segment with its count now',
        params: ZSegmentIdParams,
        response: { 200: ZSegment },
      },
      config: restaurant,
      handler: (request) => segments.get(authOf(request), request.params.id),
    });

    app.put('/api/api/customers/segments/:id', {
      schema: {
        tags: ['segments'],
        summary: 'Rename a segment, save a new filter in it, or both (campaigns already submitted keep theirs)',
        params: ZSegmentIdParams,
        body: ZSegmentUpdate,
        response: { 200: ZSegment },
      },
      config: restaurant,
      handler: (request) => segments.update(authOf(request), request.params.id, request.body),
    });

    app.delete('/api/api/customers/segments/:id', {
      schema: {
        tags: ['segments'],
        summary: 'Delete a segment (campaigns already submitted to it keep its filter)',
        params: ZSegmentIdParams,
        response: { 200: ZSegmentDeleted },
      },
      config: restaurant,
      handler: (request) => segments.remove(authOf(request), request.params.id),
    });
  };
}
