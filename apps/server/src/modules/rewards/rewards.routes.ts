import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam } from '@ra/shared/validation/limits';
import {
  ZPointsAccount,
  ZPointsAdjustRequest,
  ZPosRedeemReward,
  ZPosRedemption,
  ZPosRewards,
  ZPosRewardsLookup,
  ZReward,
  ZRewardInput,
  ZRewardList,
  ZRewardListQuery,
  ZRewardOptions,
  ZRewardsExportQuery,
  ZRewardsReport,
  ZRewardsReportQuery,
} from '@ra/shared/rewards/rewards.schemas';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import type { RewardsService } from './rewards.service.ts';

/**
 * The catalogue, customers' points and the rewards report are the coupon editor's (editCoupon, SPEC 3):
 * a reward is a coupon or a free dish paid for with points (docs/decisions.md "Loyalty rewards").
 */
const EDIT_COUPON: TRouteAccess = { kind: 'page', permission: 'editCoupon' };
/** Looking up and redeeming while taking an order; a paired device's credential is accepted too. */
const TAKE_ORDERS: TRouteAccess = { kind: 'operation', authority: 'canOrder' };

export function rewardsRoutes(rewards: RewardsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/rewards', {
      schema: {
        tags: ['rewards'],
        summary: 'The restaurant’s rewards catalogue, cheapest first (active, archived or all)',
        querystring: ZRewardListQuery,
        response: { 200: ZRewardList },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.list(authOf(request), request.query.archived),
    });

    app.get('/api/api/rewards/options', {
      schema: {
        tags: ['rewards'],
        summary: 'What a reward can give: the restaurant’s active coupons and its menu items',
        response: { 200: ZRewardOptions },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.options(authOf(request)),
    });

    app.post('/api/api/rewards', {
      schema: {
        tags: ['rewards'],
        summary: 'Add a reward: names, points cost, and a coupon or a free menu item',
        description: '400 naming the field when the coupon or item is not the restaurant’s own.',
        body: ZRewardInput,
        response: { 200: ZReward },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.create(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/rewards/report', {
      schema: {
        tags: ['rewards'],
        summary: 'Points issued, rewards redeemed by reward and value given away over business days',
        querystring: ZRewardsReportQuery,
        response: { 200: ZRewardsReport },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.report(authOf(request), request.query.from, request.query.to),
    });

    app.get('/api/api/rewards/report/export', {
      schema: {
        tags: ['rewards'],
        summary: 'The rewards report as CSV',
        querystring: ZRewardsExportQuery,
        response: { 200: z.string().describe('CSV (UTF-8 with BOM)') },
      },
      config: { access: EDIT_COUPON },
      handler: async (request, reply) => {
        const { from, to, lang } = request.query;
        const file = await rewards.exportReport(authOf(request), from, to, lang);
        return reply
          .header('content-disposition', file.contentDisposition)
          .header('content-type', file.contentType)
          .send(file.body);
      },
    });

    app.get('/api/api/rewards/customers/:id', {
      schema: {
        tags: ['rewards'],
        summary: 'A customer’s points: earned, spent, adjusted, balance and the ledger (newest first)',
        params: ZIdParam,
        response: { 200: ZPointsAccount },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.account(authOf(request), request.params.id),
    });

    app.post('/api/api/rewards/customers/:id/adjust', {
      schema: {
        tags: ['rewards'],
        summary: 'Give or take back points by hand, with a reason (audited); 409 below 0',
        params: ZIdParam,
        body: ZPointsAdjustRequest,
        response: { 200: ZPointsAccount },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.adjust(authOf(request), request.params.id, request.body, request.ip),
    });

    app.get('/api/api/rewards/:id', {
      schema: { tags: ['rewards'], summary: 'One reward', params: ZIdParam, response: { 200: ZReward } },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.get(authOf(request), request.params.id),
    });

    app.put('/api/api/rewards/:id', {
      schema: {
        tags: ['rewards'],
        summary: 'Edit a reward (past redemptions keep the names they were redeemed under)',
        params: ZIdParam,
        body: ZRewardInput,
        response: { 200: ZReward },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.update(authOf(request), request.params.id, request.body, request.ip),
    });

    app.post('/api/api/rewards/:id/archive', {
      schema: {
        tags: ['rewards'],
        summary: 'Archive a reward: the POS no longer offers it; history and reports keep it',
        params: ZIdParam,
        response: { 200: ZReward },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.setArchived(authOf(request), request.params.id, true, request.ip),
    });

    app.post('/api/api/rewards/:id/restore', {
      schema: {
        tags: ['rewards'],
        summary: 'Bring an archived reward back to the catalogue',
        params: ZIdParam,
        response: { 200: ZReward },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => rewards.setArchived(authOf(request), request.params.id, false, request.ip),
    });

    // --- POS ------------------------------------------------------------------------------------------

    app.post('/api/api/pos/rewards/lookup', {
      schema: {
        tags: ['rewards'],
        summary: 'A customer’s points balance and the rewards on offer (by phone or customer id)',
        body: ZPosRewardsLookup,
        response: { 200: ZPosRewards },
      },
      config: { access: TAKE_ORDERS, devices: true },
      handler: (request) => rewards.posLookup(authOf(request), request.body),
    });

    app.post('/api/api/pos/rewards/redeem', {
      schema: {
        tags: ['rewards'],
        summary: 'Spend a customer’s points on a reward (idempotent by idempotencyKey)',
        description:
          'Answers the coupon to apply or the item to add at no charge. The same key again answers the first ' +
          'redemption with created: false and spends nothing; 409 when the balance is short, the reward is ' +
          'archived, or the key was used for another customer or reward.',
        body: ZPosRedeemReward,
        response: { 200: ZPosRedemption },
      },
      config: { access: TAKE_ORDERS, devices: true },
      handler: (request) => rewards.redeem(authOf(request), request.body, request.ip),
    });
  };
}
