import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam } from '@ra/shared/validation/limits';
import {
  ZCreatePairingCodeRequest,
  ZDevice,
  ZDeviceListQuery,
  ZDeviceListResponse,
  ZHeartbeatRequest,
  ZHeartbeatResponse,
  ZPairDeviceRequest,
  ZPairDeviceResponse,
  ZPairingCode,
  ZTerminalSettings,
  ZTerminalSettingsResponse,
  ZUpdateDeviceRequest,
} from '@ra/shared/devices/devices.schemas';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import type { DevicesService } from './devices.service.ts';

/** SPEC 2 /deviceSetting/* sit in the config pages, which editConfig opens (SPEC 2 "editConfig adds config"). */
const EDIT_CONFIG: TRouteAccess = { kind: 'page', permission: 'editConfig' };

/**
 * The devices API (issue 9 "Devices"): the owner's list, pairing codes, revocation and terminal
 * settings under editConfig; the device's pairing exchange (its code is the credential) and heartbeat.
 */
export function devicesRoutes(service: DevicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/devices', {
      schema: {
        tags: ['devices'],
        summary: 'The restaurant’s devices, a page at a time, with online/offline judged now and codes waiting to pair',
        querystring: ZDeviceListQuery,
        response: { 200: ZDeviceListResponse },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.list(authOf(request), request.query),
    });

    app.post('/api/api/devices/pairing-codes', {
      schema: {
        tags: ['devices'],
        summary:
          'Create a one-time pairing code (8 characters, valid 15 minutes); the code is shown only in this answer',
        body: ZCreatePairingCodeRequest,
        response: { 201: ZPairingCode },
      },
      config: { access: EDIT_CONFIG },
      handler: async (request, reply) =>
        reply.status(201).send(await service.createPairingCode(authOf(request), request.body, request.ip)),
    });

    app.delete('/api/api/devices/pairing-codes/:id', {
      schema: {
        tags: ['devices'],
        summary: 'Withdraw a pairing code nobody has used yet',
        params: ZIdParam,
        response: { 204: z.null() },
      },
      config: { access: EDIT_CONFIG },
      handler: async (request, reply) => {
        await service.cancelPairingCode(authOf(request), request.params.id, request.ip);
        return reply.status(204).send(null);
      },
    });

    app.post('/api/api/devices/pair', {
      schema: {
        tags: ['devices'],
        summary: 'A device trades a pairing code for its own credential (device calls only, one restaurant)',
        description:
          'Public: the code is the credential. A wrong, used or expired code gets one answer (400). The token ' +
          'in the answer goes in the Authorization header of the device’s calls: the heartbeat and POS order ' +
          'and payout pushes.',
        body: ZPairDeviceRequest,
        response: { 201: ZPairDeviceResponse },
      },
      config: { access: { kind: 'public' } },
      handler: async (request, reply) => reply.status(201).send(await service.pair(request.body, request.ip)),
    });

    app.post('/api/api/devices/heartbeat', {
      schema: {
        tags: ['devices'],
        summary: 'A paired device says it is alive (every 30 s; offline after 3 missed beats)',
        body: ZHeartbeatRequest,
        response: { 200: ZHeartbeatResponse },
      },
      config: { access: { kind: 'device' } },
      handler: (request) => service.heartbeat(authOf(request), request.body ?? {}, request.ip),
    });

    app.get('/api/api/devices/terminal-settings', {
      schema: {
        tags: ['devices'],
        summary: 'Payment terminal settings: tipping, signature, receipts, offline payments, dual screen',
        response: { 200: ZTerminalSettingsResponse },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.terminalSettings(authOf(request)),
    });

    app.put('/api/api/devices/terminal-settings', {
      schema: {
        tags: ['devices'],
        summary: 'Save the payment terminal settings (audited with before and after)',
        body: ZTerminalSettings,
        response: { 200: ZTerminalSettingsResponse },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.saveTerminalSettings(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/devices/:id', {
      schema: { tags: ['devices'], summary: 'One device', params: ZIdParam, response: { 200: ZDevice } },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.get(authOf(request), request.params.id),
    });

    app.put('/api/api/devices/:id', {
      schema: {
        tags: ['devices'],
        summary: 'Rename a device, change its code or its Android / iOS app settings',
        params: ZIdParam,
        body: ZUpdateDeviceRequest,
        response: { 200: ZDevice },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.update(authOf(request), request.params.id, request.body, request.ip),
    });

    app.post('/api/api/devices/:id/revoke', {
      schema: {
        tags: ['devices'],
        summary: 'End a device’s credential at once; its next call is refused',
        params: ZIdParam,
        response: { 200: ZDevice },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.revoke(authOf(request), request.params.id, request.ip),
    });
  };
}
