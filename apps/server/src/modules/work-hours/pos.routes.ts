import {
  ZPosClockRequest,
  ZPosClockResponse,
  ZPosPinInRequest,
  ZPosPinInResponse,
} from '@ra/shared/work-hours/work-hours.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import type { PosService } from './pos.service.ts';
import { AT_RESTAURANT } from './work-hours.access.ts';

/** The POS: PIN in, and clock in or out by PIN. */
export function posRoutes(pos: PosService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/api/work-hours/pos/pin-in', {
      schema: {
        tags: ['work-hours'],
        summary: 'POS: who this PIN is, refused with 409 when their role requires clocking in first',
        description: 'A staff session at the restaurant, or a paired device of the restaurant (its own credential).',
        body: ZPosPinInRequest,
        response: { 200: ZPosPinInResponse },
      },
      config: { access: AT_RESTAURANT, devices: true },
      handler: (request) => pos.posPinIn(authOf(request), request.body.pin),
    });

    app.post('/api/api/work-hours/pos/clock', {
      schema: {
        tags: ['work-hours'],
        summary: 'POS: clock the employee with this PIN in or out now (declared tips, signature, waiting time)',
        description:
          'A staff session at the restaurant, or a paired device of the restaurant (its own credential); ' +
          'the PIN decides who. A device is scoped to the restaurant it was paired at.',
        body: ZPosClockRequest,
        response: { 200: ZPosClockResponse },
      },
      config: { access: AT_RESTAURANT, devices: true },
      handler: (request) => pos.posClock(authOf(request), request.body, request.ip),
    });
  };
}
