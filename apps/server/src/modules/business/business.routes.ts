import { ZOkResponse } from '@ra/shared/auth/auth.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminRestaurantList,
  ZAdminRestaurantQuery,
  ZBankOutbox,
  ZBankState,
  ZBankDepositsPosted,
  ZBusinessIdParams,
  ZBusinessSettings,
  ZEffectiveHours,
  ZLinkBankRequest,
  ZRestAdminConfig,
  ZServiceFeeInput,
  ZServiceFeeList,
  ZServiceFeeListQuery,
  ZServiceFeeSaved,
  ZUpdateRestAdminConfigRequest,
  ZUpdateSettingsRequest,
  ZVerifyBankCodeRequest,
  ZVerifyBankRequest,
  ZVerifyBankResult,
} from '@ra/shared/business/business.schemas';
import { businessMessage } from '@ra/shared/business/business.messages';
import { authOf } from '../../plugins/access-control.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { FieldError } from '../../lib/errors.ts';
import type { TModuleDeps } from '../module-deps.ts';
import type { BankService } from './bank.service.ts';
import type { EffectiveHoursService } from './effective-hours.service.ts';
import type { ServiceFeesService } from './service-fees.service.ts';

const editConfig = { access: { kind: 'page', permission: 'editConfig' } } as const;

export interface TBusinessRouteDeps {
  restaurants: Pick<TModuleDeps['restaurants'], 'settings' | 'updateSettings' | 'listForAdmin' | 'updateAdminConfig'>;
  bank: BankService;
  fees: ServiceFeesService;
  hours: EffectiveHoursService;
  clock: Clock;
  /** The node of the caller's selected restaurant (bank accounts are keyed by node). */
  restaurantNodeOf(auth: AuthContext): Promise<{ restaurantId: number; nodeId: number }>;
}

export function businessRoutes(deps: TBusinessRouteDeps): FastifyPluginAsyncZod {
  const actorOf = async (auth: AuthContext, ip: string) => {
    const { restaurantId, nodeId } = await deps.restaurantNodeOf(auth);
    return { nodeId, actor: { userId: auth.userId, restaurantId, ip } };
  };

  return async (app) => {
    // ---- hours ------------------------------------------------------------------------------------
    app.get('/api/api/business/effective-hours', {
      schema: {
        tags: ['business'],
        summary: 'The next 14 days as each channel (POS, kiosk, online ordering) will offer them',
        response: { 200: ZEffectiveHours },
      },
      config: { access: { kind: 'restaurant' } },
      handler: (request) => deps.hours.view(authOf(request)),
    });

    // ---- settings ---------------------------------------------------------------------------------
    app.get('/api/api/business/settings', {
      schema: {
        tags: ['business'],
        summary: 'POS, self-order kiosk and online-ordering settings, defaults filled in',
        response: { 200: ZBusinessSettings },
      },
      config: { access: { kind: 'restaurant' } },
      handler: (request) => deps.restaurants.settings(authOf(request)),
    });

    app.post('/api/api/business/settings', {
      schema: {
        tags: ['business'],
        summary: 'Save one settings section whole; audited with before and after; clears the cached config',
        body: ZUpdateSettingsRequest,
        response: { 200: ZBusinessSettings },
      },
      config: editConfig,
      handler: (request) => {
        const body = request.body;
        const now = deps.clock.now();
        if (body.section === 'orderToGo' && body.value.busy.mode !== 'off' && new Date(body.value.busy.until!) <= now)
          throw new FieldError('value.busy.until', businessMessage('business.busyUntilPast'));
        if (body.section === 'selfOrder' && body.value.pausedUntil && new Date(body.value.pausedUntil) <= now)
          throw new FieldError('value.pausedUntil', businessMessage('business.busyUntilPast'));
        return deps.restaurants.updateSettings(authOf(request), body, request.ip);
      },
    });

    // ---- bank account -----------------------------------------------------------------------------
    app.get('/api/api/business/bank', {
      schema: {
        tags: ['business'],
        summary: 'The restaurant’s bank account (number shown as its last 4) and its verification state',
        response: { 200: ZBankState },
      },
      config: editConfig,
      handler: async (request) => {
        const { nodeId } = await deps.restaurantNodeOf(authOf(request));
        return { account: await deps.bank.view(nodeId) };
      },
    });

    app.post('/api/api/business/bank', {
      schema: {
        tags: ['business'],
        summary: 'Link a bank account: the provider sends two micro-deposits (1 to 3 business days)',
        body: ZLinkBankRequest,
        response: { 200: ZBankState },
      },
      config: editConfig,
      handler: async (request) => {
        const { nodeId, actor } = await actorOf(authOf(request), request.ip);
        return { account: await deps.bank.link(nodeId, request.body, actor) };
      },
    });

    app.post('/api/api/business/bank/verify', {
      schema: {
        tags: ['business'],
        summary: 'Confirm the two deposit amounts; 3 wrong tries fail the account',
        body: ZVerifyBankRequest,
        response: { 200: ZVerifyBankResult },
      },
      config: editConfig,
      handler: async (request) => {
        const { nodeId, actor } = await actorOf(authOf(request), request.ip);
        return deps.bank.verify(nodeId, { amounts: [request.body.amount1, request.body.amount2] }, actor);
      },
    });

    app.post('/api/api/business/bank/verify-code', {
      schema: {
        tags: ['business'],
        summary: 'Confirm the descriptor code of a descriptor-code deposit (SM....); 3 wrong tries fail the account',
        body: ZVerifyBankCodeRequest,
        response: { 200: ZVerifyBankResult },
      },
      config: editConfig,
      handler: async (request) => {
        const { nodeId, actor } = await actorOf(authOf(request), request.ip);
        return deps.bank.verify(nodeId, { descriptorCode: request.body.descriptorCode }, actor);
      },
    });

    app.post('/api/api/business/bank/reset', {
      schema: {
        tags: ['business'],
        summary: 'Remove the bank account in any state, so one can be linked again',
        response: { 200: ZOkResponse },
      },
      config: editConfig,
      handler: async (request) => {
        const { nodeId, actor } = await actorOf(authOf(request), request.ip);
        await deps.bank.reset(nodeId, actor);
        return { ok: true as const };
      },
    });

    app.get('/api/api/business/bank/outbox', {
      schema: {
        tags: ['business'],
        summary: 'Simulated provider: the deposits it sent, amounts shown once they post',
        response: { 200: ZBankOutbox },
      },
      config: editConfig,
      handler: async (request) => {
        const { nodeId } = await deps.restaurantNodeOf(authOf(request));
        return deps.bank.outbox(nodeId);
      },
    });

    app.post('/api/api/business/bank/outbox/post', {
      schema: {
        tags: ['business'],
        summary: 'Simulated provider: the pending deposits post now (404 with a real provider)',
        response: { 200: ZBankDepositsPosted },
      },
      config: editConfig,
      handler: async (request) => {
        const { nodeId, actor } = await actorOf(authOf(request), request.ip);
        return { account: await deps.bank.postNow(nodeId, actor) };
      },
    });

    // ---- service fees -----------------------------------------------------------------------------
    app.get('/api/api/business/service-fees', {
      schema: {
        tags: ['business'],
        summary: 'Service fees, a page at a time, each with the overlapping fees it should be checked against',
        querystring: ZServiceFeeListQuery,
        response: { 200: ZServiceFeeList },
      },
      config: editConfig,
      handler: (request) => deps.fees.list(authOf(request), request.query.page, request.query.pageSize),
    });

    app.post('/api/api/business/service-fees', {
      schema: {
        tags: ['business'],
        summary: 'Add a service fee; overlapping active fees of the same kind come back as warnings',
        body: ZServiceFeeInput,
        response: { 200: ZServiceFeeSaved },
      },
      config: editConfig,
      handler: (request) => deps.fees.create(authOf(request), request.body, request.ip),
    });

    app.put('/api/api/business/service-fees/:id', {
      schema: {
        tags: ['business'],
        summary: 'Change a service fee',
        params: ZBusinessIdParams,
        body: ZServiceFeeInput,
        response: { 200: ZServiceFeeSaved },
      },
      config: editConfig,
      handler: (request) => deps.fees.update(authOf(request), request.params.id, request.body, request.ip),
    });

    app.delete('/api/api/business/service-fees/:id', {
      schema: {
        tags: ['business'],
        summary: 'Remove a service fee',
        params: ZBusinessIdParams,
        response: { 200: ZOkResponse },
      },
      config: editConfig,
      handler: (request) => deps.fees.remove(authOf(request), request.params.id, request.ip),
    });

    // ---- admin panel ------------------------------------------------------------------------------
    app.get('/api/api/admin/restaurants', {
      schema: {
        tags: ['business'],
        summary: 'Platform staff only: every restaurant with its system admin config, searched and paged',
        querystring: ZAdminRestaurantQuery,
        response: { 200: ZAdminRestaurantList },
      },
      config: { access: { kind: 'admin' } },
      handler: (request) => deps.restaurants.listForAdmin(request.query),
    });

    app.post('/api/api/admin/restaurants/:id/config', {
      schema: {
        tags: ['business'],
        summary: 'Platform staff only: updateRestAdminConfig for a restaurant named by id',
        params: ZBusinessIdParams,
        body: ZUpdateRestAdminConfigRequest,
        response: { 200: ZRestAdminConfig },
      },
      config: { access: { kind: 'admin' } },
      handler: (request) =>
        deps.restaurants.updateAdminConfig(authOf(request), request.body, request.ip, request.params.id),
    });
  };
}
