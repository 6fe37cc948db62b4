import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REFUSED_LIST_LIMIT,
  REFUSED_WINDOW_DAYS,
  WEBHOOK_SIGNATURE_HEADER,
  ZConnectionCheck,
  ZConnectRequest,
  ZMenuPreview,
  ZPauseRequest,
  ZPlatformConnection,
  ZPlatformList,
  ZPlatformParam,
  ZPublishResult,
  ZRefusedOrders,
  ZTestOrderAnswer,
  ZTestOrderRequest,
  ZUpdatePlatformRequest,
} from '@ra/shared/delivery/delivery.schemas';
import { jsonDepthExceeds, jsonTooDeep } from '../../lib/json-depth.ts';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import type { DeliveryService } from './delivery.service.ts';
import type { DeliveryWebhookService } from './delivery-webhook.service.ts';
import type { PlatformWebhookService } from './platform-webhook.service.ts';
import { sendTestOrder } from './test-order.ts';

/** /thirdParty/index is one of the config pages editConfig opens (SPEC 2 "editConfig adds config"). */
const EDIT_CONFIG: TRouteAccess = { kind: 'page', permission: 'editConfig' };

export const WEBHOOK_PATH = '/api/api/delivery/webhook/:platform';
/** Register with Uber Eats as the app's Primary Webhook URL (docs/operations.md). */
export const UBER_EATS_WEBHOOK_PATH = '/api/api/delivery/webhooks/uber-eats';
/** Register with DoorDash as the Orders webhook subscription, with DOORDASH_WEBHOOK_TOKEN as its auth token. */
export const DOORDASH_WEBHOOK_PATH = '/api/api/delivery/webhooks/doordash';

/** The owner's side of delivery platforms: list, connect, pause, settings, publish, test order. */
export function deliveryRoutes(service: DeliveryService): FastifyPluginAsyncZod {
  return async (app) => {
    const platformRoute = (
      url: string,
      summary: string,
      handler: (
        auth: ReturnType<typeof authOf>,
        platform: z.infer<typeof ZPlatformParam>['platform'],
        ip: string,
      ) => Promise<unknown>,
    ) =>
      app.post(url, {
        schema: { tags: ['delivery'], summary, params: ZPlatformParam, response: { 200: ZPlatformConnection } },
        config: { access: EDIT_CONFIG },
        handler: (request) => handler(authOf(request), request.params.platform, request.ip) as never,
      });

    app.get('/api/api/delivery/platforms', {
      schema: {
        tags: ['delivery'],
        summary:
          'Each delivery platform: connection, pause, markup, hours, menu mapping, last publish, orders today, ' +
          `orders refused in the last ${REFUSED_WINDOW_DAYS} business days`,
        response: { 200: ZPlatformList },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.list(authOf(request)),
    });

    app.post('/api/api/delivery/platforms/:platform/connect', {
      schema: {
        tags: ['delivery'],
        summary:
          'Connect the restaurant’s store on the platform: the store id its dashboard shows (required when the ' +
          'platform is live, checked with the platform first; the simulator issues one when none is given)',
        params: ZPlatformParam,
        body: ZConnectRequest.nullish(),
        response: { 200: ZPlatformConnection },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.connect(authOf(request), request.params.platform, request.body ?? {}, request.ip),
    });

    app.post('/api/api/delivery/platforms/:platform/test-connection', {
      schema: {
        tags: ['delivery'],
        summary:
          'Test the connection: asks the platform about the connected store with the deployment’s credentials; ' +
          'ok false with the reason when it does not answer or refuses (nothing changes)',
        params: ZPlatformParam,
        response: { 200: ZConnectionCheck },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.testConnection(authOf(request), request.params.platform),
    });
    platformRoute(
      '/api/api/delivery/platforms/:platform/disconnect',
      'Disconnect (the settings are kept)',
      (a, p, ip) => service.disconnect(a, p, ip),
    );
    platformRoute('/api/api/delivery/platforms/:platform/resume', 'Take orders again after a pause', (a, p, ip) =>
      service.resume(a, p, ip),
    );

    app.post('/api/api/delivery/platforms/:platform/pause', {
      schema: {
        tags: ['delivery'],
        summary: 'Stop taking orders on the platform, until a time or until resumed',
        params: ZPlatformParam,
        body: ZPauseRequest.nullish(),
        response: { 200: ZPlatformConnection },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.pause(authOf(request), request.params.platform, request.body ?? {}, request.ip),
    });

    app.put('/api/api/delivery/platforms/:platform', {
      schema: {
        tags: ['delivery'],
        summary: 'Markup (percent or fixed cents), hours and menu mapping of one platform',
        params: ZPlatformParam,
        body: ZUpdatePlatformRequest,
        response: { 200: ZPlatformConnection },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.update(authOf(request), request.params.platform, request.body, request.ip),
    });

    app.get('/api/api/delivery/platforms/:platform/menu', {
      schema: {
        tags: ['delivery'],
        summary: 'The menu the platform would get, its prices after markup and every item it would refuse',
        params: ZPlatformParam,
        response: { 200: ZMenuPreview },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.preview(authOf(request), request.params.platform),
    });

    app.get('/api/api/delivery/platforms/:platform/refused', {
      schema: {
        tags: ['delivery'],
        summary:
          `The platform’s orders refused in the last ${REFUSED_WINDOW_DAYS} business days (paused there or ` +
          `outside its hours): order id, when it arrived and why, newest first (at most ${REFUSED_LIST_LIMIT}; ` +
          'total counts them all)',
        params: ZPlatformParam,
        response: { 200: ZRefusedOrders },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.refused(authOf(request), request.params.platform),
    });

    app.post('/api/api/delivery/platforms/:platform/publish', {
      schema: {
        tags: ['delivery'],
        summary:
          'Publish the menu: checked against the platform’s rules first, nothing sent while any item would be refused',
        params: ZPlatformParam,
        response: { 200: ZPublishResult },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) => service.publish(authOf(request), request.params.platform, request.ip),
    });

    app.post('/api/api/delivery/platforms/:platform/test-order', {
      schema: {
        tags: ['delivery'],
        summary: 'The local platform simulator sends a signed test order to the webhook (or a forged one)',
        params: ZPlatformParam,
        body: ZTestOrderRequest.nullish(),
        response: { 200: ZTestOrderAnswer },
      },
      config: { access: EDIT_CONFIG },
      handler: (request) =>
        sendTestOrder(
          app as unknown as FastifyInstance,
          service,
          authOf(request),
          request.params.platform,
          request.body?.badSignature ?? false,
        ),
    });
  };
}

/**
 * The platforms' webhook. Public, as webhooks are: the HMAC signature over the raw body is the
 * credential, so this context keeps the body as the exact text that was signed.
 */
export function deliveryWebhookRoutes(
  service: DeliveryWebhookService,
  platforms: PlatformWebhookService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => (jsonDepthExceeds(String(body)) ? done(jsonTooDeep(), undefined) : done(null, body)),
    );
    app.post(WEBHOOK_PATH, {
      schema: {
        tags: ['delivery'],
        summary: 'A platform delivers an order (HMAC-signed; idempotent by the platform’s order id)',
        description:
          `Signed in the ${WEBHOOK_SIGNATURE_HEADER} header as t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body"> with ` +
          'the secret shared at connection; refused (401) unless it matches and is within 5 minutes. 201 for a new ' +
          'order, 200 with result "duplicate" for one already received. The order is stored with channel delivery. ' +
          'While the store is paused on the platform or outside the platform’s hours, the answer is 200 with result ' +
          '"rejected" and reason "paused" or "closed"; the refusal is recorded and a redelivery is refused the same way.',
        params: ZPlatformParam,
      },
      config: { access: { kind: 'public' } },
      handler: async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
        const result = await service.receive(
          request.params.platform,
          raw,
          typeof header === 'string' ? header : undefined,
        );
        return reply.status(result.status).send(result.body);
      },
    });

    const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
    app.post(UBER_EATS_WEBHOOK_PATH, {
      schema: {
        tags: ['delivery'],
        summary: 'Uber Eats webhook events (X-Uber-Signature); orders.notification stores the order once',
        description:
          'Verified with X-Uber-Signature, the hex HMAC-SHA256 of the raw body keyed with UBER_EATS_CLIENT_SECRET ' +
          '(401 otherwise). orders.notification: the order is read from GET /v1/eats/order/{id}, stored once by its ' +
          'id, then accepted (accept_pos_order) or declined (deny_pos_order, paused or outside hours) at Uber. ' +
          'Answered 200 with an empty body, other events included; 503 while Uber’s API does not answer, so Uber ' +
          'sends the event again.',
      },
      config: { access: { kind: 'public' } },
      handler: async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const answer = await platforms.uberEats(raw, header(request.headers['x-uber-signature']));
        return answer.body === undefined
          ? reply.status(answer.status).send()
          : reply.status(answer.status).send(answer.body);
      },
    });
    app.post(DOORDASH_WEBHOOK_PATH, {
      schema: {
        tags: ['delivery'],
        summary: 'DoorDash Marketplace order webhook (Authorization: the subscription’s auth token)',
        description:
          'Refused (401) unless the Authorization header is DOORDASH_WEBHOOK_TOKEN (bare or as Bearer). An ' +
          'OrderCreate event is stored once by order.id for the store order.store.merchant_supplied_id (404 for a ' +
          'store not connected here), answered 201/200 as the generic webhook, and confirmed with PATCH ' +
          '/marketplace/api/v1/orders/{id} (success, or fail with the reason when paused or outside hours).',
      },
      config: { access: { kind: 'public' } },
      handler: async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const answer = await platforms.doorDash(raw, header(request.headers.authorization));
        return reply.status(answer.status).send(answer.body);
      },
    });
  };
}
