import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZOkResponse,
  ZRestConfigRequest,
  ZRestConfigValue,
  ZRestInfoResponse,
  ZUpdateRestConfigRequest,
} from '@ra/shared/auth/auth.schemas';
import { authOf } from '../../plugins/access-control.ts';
import {
  ZRestAdminConfig,
  ZRestProfile,
  ZUpdateRestAdminConfigRequest,
  ZUpdateRestRequest,
} from './restaurant.schemas.ts';
import type { RestaurantService } from './restaurant.service.ts';

export function restaurantRoutes(service: RestaurantService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/getrest', {
      schema: {
        tags: ['restaurant'],
        summary: 'The selected restaurant, its settings and the caller’s roles and permissions there (SPEC 3)',
        response: { 200: ZRestInfoResponse },
      },
      config: { access: { kind: 'restaurant' } },
      handler: (request) => service.info(authOf(request)),
    });

    app.get('/api/api/restaurant/profile', {
      schema: {
        tags: ['restaurant'],
        summary: 'Address, phone and business hours of the selected restaurant (Business Info screen)',
        response: { 200: ZRestProfile },
      },
      config: { access: { kind: 'restaurant' } },
      handler: (request) => service.profile(authOf(request)),
    });

    app.post('/api/api/updaterest', {
      schema: {
        tags: ['restaurant'],
        summary: 'Update name, address, phone and business hours; answers the saved profile',
        body: ZUpdateRestRequest,
        response: { 200: ZRestProfile },
      },
      config: { access: { kind: 'page', permission: 'editConfig' } },
      handler: (request) => service.update(authOf(request), request.body, request.ip),
    });

    app.post('/api/api/getRestConfig', {
      schema: {
        tags: ['restaurant'],
        summary: 'Read one named setting (value null when unset)',
        body: ZRestConfigRequest,
        response: { 200: ZRestConfigValue },
      },
      config: { access: { kind: 'restaurant' } },
      handler: (request) => service.getSetting(authOf(request), request.body.name),
    });

    app.post('/api/api/updateRestConfig', {
      schema: {
        tags: ['restaurant'],
        summary: 'Change one named setting',
        description:
          'Needs editConfig, except that any user of the restaurant may set "timezone" while it is still unset (SPEC 4).',
        body: ZUpdateRestConfigRequest,
        response: { 200: ZRestConfigValue },
      },
      config: { access: { kind: 'restaurant' } },
      handler: (request) => service.updateSetting(authOf(request), request.body.name, request.body.value, request.ip),
    });

    app.post('/api/api/updateRestAdminConfig', {
      schema: {
        tags: ['restaurant'],
        summary: 'Platform staff only: system admin config of the selected restaurant (SPEC 6)',
        body: ZUpdateRestAdminConfigRequest,
        response: { 200: ZRestAdminConfig },
      },
      config: { access: { kind: 'admin' } },
      handler: (request) => service.updateAdminConfig(authOf(request), request.body, request.ip),
    });

    app.post('/api/api/clearrestcacheLite', {
      schema: {
        tags: ['restaurant'],
        summary: 'Forgets the remembered restaurant rows, so the next getrest and profile read the database',
        description: 'Every write already does this; kept for the SPEC 7 client, which calls it after saving settings.',
        response: { 200: ZOkResponse },
      },
      config: { access: { kind: 'restaurant' } },
      handler: async () => {
        service.forgetRows();
        return { ok: true as const };
      },
    });
  };
}
