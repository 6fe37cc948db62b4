import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam } from '@ra/shared/validation/limits';
import {
  ZBreakage,
  ZBreakageQuery,
  ZGiftcardActivityRequest,
  ZGiftcardDetail,
  ZGiftcardListQuery,
  ZGiftcardListResponse,
  ZImportGiftcardRequest,
  ZIssueGiftcardRequest,
  ZLiability,
  ZLiabilityQuery,
  ZPosCard,
  ZPosCardRequest,
  ZPosRedeemRequest,
} from '@ra/shared/giftcards/giftcards.schemas';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import type { GiftcardsService } from './giftcards.service.ts';

/** SPEC 2 /giftcard/index and /giftcard/list are the viewGiftcard pages (issue 10 "viewGiftcard guards gift cards"). */
const VIEW_GIFTCARD: TRouteAccess = { kind: 'page', permission: 'viewGiftcard' };
/**
 * Balance checks and payment by card while taking an order; numbers answered masked. A paired device's
 * own credential is accepted too (issue 9), scoped to the device's restaurant.
 */
const TAKE_ORDERS: TRouteAccess = { kind: 'operation', authority: 'canOrder' };

const ZId = ZIdParam;

/** SPEC 7 shows no gift card calls, so paths follow /api/api/<domain>; the contract is the OpenAPI document at /api/docs. */
export function giftcardsRoutes(cards: GiftcardsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/giftcard', {
      schema: {
        tags: ['giftcards'],
        summary: 'Gift cards, newest first; search by number, holder name or email, filter by state',
        querystring: ZGiftcardListQuery,
        response: { 200: ZGiftcardListResponse },
      },
      config: { access: VIEW_GIFTCARD },
      handler: (request) => cards.list(authOf(request), request.query),
    });

    app.post('/api/api/giftcard', {
      schema: {
        tags: ['giftcards'],
        summary:
          'Issue a physical card or an e-gift (emailed); with an amount it is active at once, without it pending',
        body: ZIssueGiftcardRequest,
        response: { 200: ZGiftcardDetail.extend({ emailSent: z.boolean().nullable() }) },
      },
      config: { access: VIEW_GIFTCARD },
      handler: (request) => cards.issue(authOf(request), request.body, request.ip),
    });

    app.post('/api/api/giftcard/import', {
      schema: {
        tags: ['giftcards'],
        summary: 'Import a card sold elsewhere, keeping its 8–20 character number; a duplicate is refused',
        body: ZImportGiftcardRequest,
        response: { 200: ZGiftcardDetail },
      },
      config: { access: VIEW_GIFTCARD },
      handler: (request) => cards.import(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/giftcard/liability', {
      schema: {
        tags: ['giftcards'],
        summary: 'Outstanding balance at the end of a business day (the ledger summed to then)',
        querystring: ZLiabilityQuery,
        response: { 200: ZLiability },
      },
      config: { access: VIEW_GIFTCARD },
      handler: (request) => cards.liability(authOf(request), request.query.at),
    });

    app.get('/api/api/giftcard/breakage', {
      schema: {
        tags: ['giftcards'],
        summary: 'Cards holding money untouched for N months',
        querystring: ZBreakageQuery,
        response: { 200: ZBreakage },
      },
      config: { access: VIEW_GIFTCARD },
      handler: (request) => cards.breakage(authOf(request), request.query.months),
    });

    app.get('/api/api/giftcard/:id', {
      schema: {
        tags: ['giftcards'],
        summary: 'One card with its history (newest first)',
        params: ZId,
        response: { 200: ZGiftcardDetail },
      },
      config: { access: VIEW_GIFTCARD },
      handler: (request) => cards.detail(authOf(request), request.params.id),
    });

    app.post('/api/api/giftcard/:id/activity', {
      schema: {
        tags: ['giftcards'],
        summary: 'Activate, load, redeem, refund, clear, adjust up or down, block, unblock or deactivate a card',
        description:
          '409 when the card’s state or balance does not allow it (never negative); each success appends one ledger row.',
        params: ZId,
        body: ZGiftcardActivityRequest,
        response: { 200: ZGiftcardDetail },
      },
      config: { access: VIEW_GIFTCARD },
      handler: (request) => cards.activity(authOf(request), request.params.id, request.body, request.ip),
    });

    // --- POS ------------------------------------------------------------------------------------

    app.post('/api/api/giftcard/pos/balance', {
      schema: {
        tags: ['giftcards'],
        summary: 'Balance check at the POS (number masked)',
        body: ZPosCardRequest,
        response: { 200: ZPosCard },
      },
      config: { access: TAKE_ORDERS, devices: true },
      handler: (request) => cards.posBalance(authOf(request), request.body.number),
    });

    app.post('/api/api/giftcard/pos/redeem', {
      schema: {
        tags: ['giftcards'],
        summary: 'Pay part or all of an order by card; 409 when the balance is short',
        body: ZPosRedeemRequest,
        response: { 200: ZPosCard },
      },
      config: { access: TAKE_ORDERS, devices: true },
      handler: (request) => cards.posMove(authOf(request), request.body, 'redeem', request.ip),
    });

    app.post('/api/api/giftcard/pos/refund', {
      schema: {
        tags: ['giftcards'],
        summary: 'Refund to the card, up to what the order took from it',
        body: ZPosRedeemRequest,
        response: { 200: ZPosCard },
      },
      config: { access: TAKE_ORDERS, devices: true },
      handler: (request) => cards.posMove(authOf(request), request.body, 'refund', request.ip),
    });
  };
}
