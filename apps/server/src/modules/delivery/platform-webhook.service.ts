import { DELIVERY_MESSAGES, type TDeliveryMessageKey } from '@ra/shared/delivery/delivery.messages';
import { ERROR_CODES } from '@ra/shared/errors';
import type { Clock } from '../../lib/clock.ts';
import type { DeliveryWebhookService, TWebhookResult } from './delivery-webhook.service.ts';
import { linkedThroughApi } from './delivery-status.ts';
import { fromDoorDashOrder, type TDoorDashOrderEvent } from './doordash-connector.ts';
import { PlatformRejectedError, PlatformUnavailableError } from './platform-adapter.ts';
import type { PlatformConnectors } from './platform-connectors.ts';

const message = (key: TDeliveryMessageKey) => DELIVERY_MESSAGES[key].en;

/** What the route sends back: a status and a body (undefined: an empty body, as Uber asks). */
export interface TPlatformWebhookAnswer {
  status: number;
  body?: unknown;
}

const refused = (status: number, key: TDeliveryMessageKey, code: number = ERROR_CODES.unauthorized) => ({
  status,
  body: { code, message: message(key) },
});
const badRequest = (text: string) => ({ status: 400, body: { code: ERROR_CODES.badRequest, message: text } });
const unavailable = () => refused(503, 'delivery.platformUnavailable', ERROR_CODES.serviceUnavailable);

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The answer the platform is given for the order: accepted (stored, now or before) or declined. */
function outcome(result: TWebhookResult): { accepted: boolean; declined: string | null } {
  const body = result.body as { result?: string; message?: string };
  if (body.result === 'created' || body.result === 'duplicate') return { accepted: true, declined: null };
  if (body.result === 'rejected') return { accepted: false, declined: body.message ?? 'Store unavailable' };
  return { accepted: false, declined: null };
}

/**
 * The live platforms' order webhooks, each verified with its platform's own scheme, acknowledged as
 * the platform asks, and ingested once by the platform's order id (DeliveryWebhookService.take): a
 * redelivery stores nothing new and gets the same answer at the platform.
 */
export class PlatformWebhookService {
  constructor(
    private readonly connectors: PlatformConnectors,
    private readonly webhook: DeliveryWebhookService,
    private readonly clock: Clock,
  ) {}

  /**
   * The connected store the platform's webhook names, when it was linked through the platform's API:
   * a store the simulator issued (it has the simulator's signing secret) takes only simulated orders.
   */
  private async linked(platform: 'ubereats' | 'doordash', storeId: string) {
    const found = await this.webhook.store(platform, storeId);
    return found && linkedThroughApi(found.connection) ? found : undefined;
  }

  /**
   * Uber Eats: X-Uber-Signature over the raw body with the app's client secret (no timestamp in the
   * scheme: a replay is a redelivery, stored once). orders.notification names the store (meta.user_id)
   * and the order (meta.resource_id); the order is read from the API, stored, then accepted or denied
   * there. Answered 200 with an empty body; a 503 while Uber does not answer, so Uber sends it again.
   */
  async uberEats(raw: string, signature: string | undefined): Promise<TPlatformWebhookAnswer> {
    const uber = this.connectors.uberEats;
    if (!uber || !uber.verify(raw, signature)) return refused(401, 'delivery.signatureInvalid');
    const event = parse(raw) as
      { event_type?: unknown; meta?: { user_id?: unknown; resource_id?: unknown } } | null | undefined;
    if (!event || typeof event !== 'object') return badRequest('The body is not JSON');
    // Other events (menu refresh, store provisioned, cancellations) are acknowledged and not acted on.
    if (event.event_type !== 'orders.notification') return { status: 200 };
    const storeId = event.meta?.user_id;
    const orderId = event.meta?.resource_id;
    if (typeof storeId !== 'string' || typeof orderId !== 'string' || orderId.length > 64) {
      return badRequest('meta.user_id and meta.resource_id name the store and the order');
    }
    const found = await this.linked('ubereats', storeId);
    // A store no restaurant here is connected to: acknowledged, so Uber does not resend it.
    if (!found) return { status: 200 };
    try {
      const order = await uber.order(storeId, orderId);
      const result = await this.webhook.take('ubereats', found, order);
      const { accepted, declined } = outcome(result);
      if (accepted) await uber.accept(orderId);
      else await uber.deny(orderId, declined ?? 'The order could not be read');
      return { status: 200 };
    } catch (error) {
      if (error instanceof PlatformUnavailableError || error instanceof PlatformRejectedError) return unavailable();
      throw error;
    }
  }

  /**
   * DoorDash: the Authorization header carries the webhook auth token set in the developer portal (no
   * timestamp in the scheme). An OrderCreate event is stored, answered 200 (a non-2xx fails the order
   * at DoorDash), and confirmed with PATCH /orders/{id} (success, or fail with the reason).
   */
  async doorDash(raw: string, authorization: string | undefined): Promise<TPlatformWebhookAnswer> {
    const doorDash = this.connectors.doorDash;
    if (!doorDash || !doorDash.verify(authorization)) return refused(401, 'delivery.signatureInvalid');
    const event = parse(raw) as TDoorDashOrderEvent | null | undefined;
    if (!event || typeof event !== 'object') return badRequest('The body is not JSON');
    if (event.event?.type !== 'OrderCreate') return { status: 200, body: { result: 'ignored' } };
    const storeId = event.order?.store?.merchant_supplied_id;
    const orderId = event.order?.id;
    if (typeof storeId !== 'string' || typeof orderId !== 'string') {
      return badRequest('order.id and order.store.merchant_supplied_id name the order and the store');
    }
    const found = await this.linked('doordash', storeId);
    if (!found) return refused(404, 'delivery.storeUnknown', ERROR_CODES.notFound);
    const result = await this.webhook.take('doordash', found, fromDoorDashOrder(event, this.clock.now()));
    const { accepted, declined } = outcome(result);
    if (accepted || declined) {
      const ours = (result.body as { orderId?: number }).orderId;
      try {
        await doorDash.confirm(orderId, accepted && ours !== undefined ? String(ours) : null, declined);
      } catch (error) {
        // The order is stored and answered; DoorDash's redelivery confirms it again.
        if (!(error instanceof PlatformUnavailableError || error instanceof PlatformRejectedError)) throw error;
      }
    }
    return { status: result.status, body: result.body };
  }
}
