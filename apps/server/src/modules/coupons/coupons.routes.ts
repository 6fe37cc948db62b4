import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCodeBatchesQuery,
  ZCouponIdParam,
  ZCodeBatch,
  ZCodeBatchList,
  ZCodeLookup,
  ZCodeLookupQuery,
  ZCoupon,
  ZCouponInput,
  ZCouponListQuery,
  ZCouponListResponse,
  ZCouponMenu,
  ZCouponPerformance,
  ZCouponPerformanceQuery,
  ZExportQuery,
  ZGenerateCodesRequest,
  ZOk,
  ZRedeemRequest,
  ZRedemption,
  ZRedemptionIdParam,
  ZSimulateRequest,
  ZSimulateResponse,
  ZStackingPolicy,
  type TCouponMenu,
} from '@ra/shared/coupons/coupons.schemas';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import type { CouponsService } from './coupons.service.ts';
import type { PremiumCodesService } from './premium-codes.service.ts';

/** SPEC 2 /coupon/index is the editCoupon page; every call behind it needs the same flag (issue 10). */
const EDIT_COUPON: TRouteAccess = { kind: 'page', permission: 'editCoupon' };
/**
 * Redemption is part of taking an order at the POS, kiosk or online (operation canOrder); a paired
 * device's own credential is accepted too (issue 9), scoped to the device's restaurant.
 */
const TAKE_ORDERS: TRouteAccess = { kind: 'operation', authority: 'canOrder' };
/** SPEC 6 "Admin-only: premium/advanced coupon code generation" (/Coupon/index). */
const PLATFORM_STAFF: TRouteAccess = { kind: 'admin' };

/** SPEC 7 shows no coupon calls, so paths follow /api/api/<domain>; the contract is the OpenAPI document at /api/docs. */
export function couponsRoutes(
  coupons: CouponsService,
  premium: PremiumCodesService,
  menu: (restaurantId: number) => Promise<TCouponMenu>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/coupon/menu', {
      schema: {
        tags: ['coupons'],
        summary: 'The restaurant’s categories, items and toppings to pick from in the coupon form and cart simulator',
        response: { 200: ZCouponMenu },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => menu(requireRestaurantId(authOf(request))),
    });

    app.get('/api/api/coupon', {
      schema: {
        tags: ['coupons'],
        summary: 'The restaurant’s coupons, newest first, searchable by name or code',
        querystring: ZCouponListQuery,
        response: { 200: ZCouponListResponse },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => coupons.list(authOf(request), request.query),
    });

    app.post('/api/api/coupon', {
      schema: {
        tags: ['coupons'],
        summary: 'Create a coupon',
        description:
          '400 with field errors by the SPEC 5 coupon generator rules; item, category and topping ids must be on the menu; a code taken at this restaurant is refused.',
        body: ZCouponInput,
        response: { 200: ZCoupon },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => coupons.create(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/coupon/settings', {
      schema: {
        tags: ['coupons'],
        summary: 'The stacking policy: combine stackable coupons, and best-for-customer or first-applied',
        response: { 200: ZStackingPolicy },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => coupons.policy(authOf(request)),
    });

    app.put('/api/api/coupon/settings', {
      schema: {
        tags: ['coupons'],
        summary: 'Change the stacking policy',
        body: ZStackingPolicy,
        response: { 200: ZStackingPolicy },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => coupons.savePolicy(authOf(request), request.body, request.ip),
    });

    app.post('/api/api/coupon/simulate', {
      schema: {
        tags: ['coupons'],
        summary:
          'Cart simulator: which coupons apply to a cart, the discount each gives line by line, and why the others do not',
        body: ZSimulateRequest,
        response: { 200: ZSimulateResponse },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => coupons.simulate(authOf(request), request.body),
    });

    app.get('/api/api/coupon/performance', {
      schema: {
        tags: ['coupons'],
        summary:
          'Per coupon over business days: uses, discount, sales of those orders and their net; with `preset`, also over the comparison period (same-time cut on a day in progress)',
        querystring: ZCouponPerformanceQuery,
        response: { 200: ZCouponPerformance },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => coupons.performance(authOf(request), request.query),
    });

    app.get('/api/api/coupon/:id', {
      schema: { tags: ['coupons'], summary: 'One coupon', params: ZCouponIdParam, response: { 200: ZCoupon } },
      config: { access: EDIT_COUPON },
      handler: (request) => coupons.get(authOf(request), request.params.id),
    });

    app.put('/api/api/coupon/:id', {
      schema: {
        tags: ['coupons'],
        summary: 'Replace a coupon’s rules',
        body: ZCouponInput,
        params: ZCouponIdParam,
        response: { 200: ZCoupon },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => coupons.update(authOf(request), request.params.id, request.body, request.ip),
    });

    app.delete('/api/api/coupon/:id', {
      schema: {
        tags: ['coupons'],
        summary: 'Delete a coupon: its codes stop working; past redemptions stay in the reports',
        params: ZCouponIdParam,
        response: { 200: ZOk },
      },
      config: { access: EDIT_COUPON },
      handler: (request) => coupons.delete(authOf(request), request.params.id, request.ip),
    });

    // --- redemption (POS, kiosk, online) ----------------------------------------------------------

    app.post('/api/api/coupon/redeem', {
      schema: {
        tags: ['coupons'],
        summary: 'Redeem a code against a cart: the discount line by line in cents, and one use reserved or consumed',
        description:
          'Rounding: a percentage is taken once over the qualifying amount, half up to the cent, then spread over the lines by largest remainder. ' +
          'The same order and code again answers the first redemption. 400 when the code does not apply (the reason as message); 409 when the limit, the code or the customer’s limit is used up, or stacking forbids it.',
        body: ZRedeemRequest,
        response: { 200: ZRedemption },
      },
      config: { access: TAKE_ORDERS, devices: true },
      handler: (request) => coupons.redeem(authOf(request), request.body),
    });

    app.post('/api/api/coupon/redemption/:id/consume', {
      schema: {
        tags: ['coupons'],
        summary: 'Turn a reserved use into a used one (the order was paid)',
        params: ZRedemptionIdParam,
        response: { 200: ZRedemption },
      },
      config: { access: TAKE_ORDERS, devices: true },
      handler: (request) => coupons.consume(authOf(request), request.params.id),
    });

    app.post('/api/api/coupon/redemption/:id/release', {
      schema: {
        tags: ['coupons'],
        summary: 'Give the use back: the order was voided or refunded',
        params: ZRedemptionIdParam,
        response: { 200: ZRedemption },
      },
      config: { access: TAKE_ORDERS, devices: true },
      handler: (request) => coupons.release(authOf(request), request.params.id),
    });

    // --- premium codes (platform staff) -----------------------------------------------------------

    app.post('/api/api/coupon/codes/generate', {
      schema: {
        tags: ['coupons'],
        summary: 'Generate up to 100,000 single-use codes for a coupon in the background',
        description:
          'Codes use an alphabet without look-alikes and are unique across the restaurant. 409 while another batch of the coupon runs.',
        body: ZGenerateCodesRequest,
        response: { 200: ZCodeBatch },
      },
      config: { access: PLATFORM_STAFF },
      handler: (request) => premium.generate(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/coupon/codes/batches', {
      schema: {
        tags: ['coupons'],
        summary: 'Code batches of the restaurant with their progress',
        querystring: ZCodeBatchesQuery,
        response: { 200: ZCodeBatchList },
      },
      config: { access: PLATFORM_STAFF },
      handler: (request) => premium.batches(authOf(request), request.query.couponId),
    });

    app.get('/api/api/coupon/codes/batches/:id', {
      schema: {
        tags: ['coupons'],
        summary: 'One batch and its progress',
        params: ZCouponIdParam,
        response: { 200: ZCodeBatch },
      },
      config: { access: PLATFORM_STAFF },
      handler: (request) => premium.batch(authOf(request), request.params.id),
    });

    app.post('/api/api/coupon/codes/batches/:id/cancel', {
      schema: {
        tags: ['coupons'],
        summary: 'Stop a running batch; the codes made so far stay',
        params: ZCouponIdParam,
        response: { 200: ZCodeBatch },
      },
      config: { access: PLATFORM_STAFF },
      handler: (request) => premium.cancel(authOf(request), request.params.id, request.ip),
    });

    app.get('/api/api/coupon/codes/batches/:id/export', {
      schema: {
        tags: ['coupons'],
        summary: 'A batch’s codes as CSV or XLSX',
        params: ZCouponIdParam,
        querystring: ZExportQuery,
      },
      config: { access: PLATFORM_STAFF },
      handler: async (request, reply) => {
        const file = await premium.export(authOf(request), request.params.id, request.query.format);
        return reply
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('content-type', file.type)
          .send(file.body);
      },
    });

    app.get('/api/api/coupon/codes/lookup', {
      schema: {
        tags: ['coupons'],
        summary: 'Find a code: its coupon, batch and redemptions',
        querystring: ZCodeLookupQuery,
        response: { 200: ZCodeLookup },
      },
      config: { access: PLATFORM_STAFF },
      handler: (request) => premium.lookup(authOf(request), request.query.code),
    });
  };
}
