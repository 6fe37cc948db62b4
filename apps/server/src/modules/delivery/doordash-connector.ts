import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TPublishableMenu, TWebhookOrder } from '@ra/shared/delivery/delivery.schemas';
import type { TDoorDashConfig } from '../../lib/delivery-connectors-config.ts';
import type { Clock } from '../../lib/clock.ts';
import { PlatformRejectedError } from './platform-adapter.ts';
import { platformCall, type TPlatformAnswer } from './platform-http.ts';

/** DoorDash caps a JWT's life at 30 minutes; ours live 5. */
const JWT_SECONDS = 300;

/**
 * DoorDash through its Marketplace API (developer.doordash.com/en-US/docs/marketplace):
 * - Authentication: DoorDash has no OAuth token endpoint; each call carries a JWT the integrator signs
 *   (developer.doordash.com/en-US/docs/drive/reference/JWTs): header {alg HS256, typ JWT, dd-ver
 *   DD-JWT-V1}, claims aud "doordash", iss = developer id, kid = key id, iat, exp; signed with the
 *   base64url-decoded signing secret, sent as `Authorization: Bearer <jwt>`.
 * - Store: GET /marketplace/api/v1/stores/{merchant_supplied_id}/store_details ("Test connection").
 * - Busy mode: PUT /marketplace/api/v1/stores/{merchant_supplied_id}/status with is_active false
 *   (reason operational_issues, end_time) and is_active true to resume.
 * - Menu: POST /marketplace/api/v1/menus the first time (DoorDash answers the menu id), then
 *   PATCH /marketplace/api/v1/menus/{menu_id}; prices in cents, our item ids as merchant_supplied_id.
 * - Orders: DoorDash posts OrderCreate events to the one webhook endpoint, authenticated with the auth
 *   token entered with the subscription in the developer portal (sent as the Authorization header);
 *   the order is confirmed with PATCH /marketplace/api/v1/orders/{id} (order_status success or fail).
 * Left out: item photos (no public image URLs in the menu), menu hours (the product refuses orders outside
 * the platform's hours itself), and the menu-status callback.
 */
export class DoorDashConnector {
  constructor(
    private readonly config: TDoorDashConfig,
    private readonly clock: Clock,
  ) {}

  /** A fresh DD-JWT-V1 token for one call. */
  jwt(): string {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const head = part({ alg: 'HS256', typ: 'JWT', 'dd-ver': 'DD-JWT-V1' });
    const claims = part({
      aud: 'doordash',
      iss: this.config.developerId,
      kid: this.config.keyId,
      iat,
      exp: iat + JWT_SECONDS,
    });
    const signature = createHmac('sha256', Buffer.from(this.config.signingSecret, 'base64url'))
      .update(`${head}.${claims}`)
      .digest('base64url');
    return `${head}.${claims}.${signature}`;
  }

  private async api(method: string, path: string, body?: unknown, allow: number[] = []): Promise<TPlatformAnswer> {
    const answer = await platformCall(
      'doordash',
      `${this.config.apiBase}${path}`,
      { method, headers: { authorization: `Bearer ${this.jwt()}` }, body },
      [401, ...allow],
    );
    if (answer.status === 401) throw new PlatformRejectedError('doordash 401: the developer credentials were refused');
    return answer;
  }

  async store(storeId: string): Promise<{ storeName: string | null }> {
    const answer = await this.api(
      'GET',
      `/marketplace/api/v1/stores/${encodeURIComponent(storeId)}/store_details`,
      undefined,
      [404],
    );
    if (answer.status === 404) throw new PlatformRejectedError('doordash 404: unknown store');
    const body = answer.body as { provider_name?: unknown; name?: unknown } | null;
    const name = body?.name ?? body?.provider_name;
    return { storeName: typeof name === 'string' ? name : null };
  }

  async setPaused(storeId: string, paused: boolean, until: Date | null): Promise<void> {
    await this.api(
      'PUT',
      `/marketplace/api/v1/stores/${encodeURIComponent(storeId)}/status`,
      paused
        ? {
            is_active: false,
            reason: 'operational_issues',
            notes: 'Busy',
            ...(until ? { end_time: until.toISOString() } : {}),
          }
        : { is_active: true },
    );
  }

  /** Creates the store's menu the first time, then updates it by the id DoorDash gave. */
  async publishMenu(storeId: string, menu: TPublishableMenu, menuId: string | null): Promise<string | null> {
    const body = {
      reference: storeId,
      store: { merchant_supplied_id: storeId },
      open_hours: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((day) => ({
        day_index: day,
        start_time: '00:00',
        end_time: '23:59',
      })),
      menu: doorDashMenu(menu),
    };
    const answer = menuId
      ? await this.api('PATCH', `/marketplace/api/v1/menus/${encodeURIComponent(menuId)}`, body)
      : await this.api('POST', '/marketplace/api/v1/menus', body);
    const id = (answer.body as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : menuId;
  }

  async confirm(orderId: string, ourOrderId: string | null, failure: string | null): Promise<void> {
    await this.api('PATCH', `/marketplace/api/v1/orders/${encodeURIComponent(orderId)}`, {
      ...(ourOrderId ? { merchant_supplied_id: ourOrderId } : {}),
      order_status: failure ? 'fail' : 'success',
      ...(failure ? { failure_reason: failure } : {}),
    });
  }

  /** The webhook's Authorization header is the token entered in the portal (bare or as "Bearer <token>"). */
  verify(authorization: string | undefined): boolean {
    if (!authorization) return false;
    const given = authorization.startsWith('Bearer ') ? authorization.slice(7) : authorization;
    const a = createHmac('sha256', 'compare').update(given).digest();
    const b = createHmac('sha256', 'compare').update(this.config.webhookToken).digest();
    return timingSafeEqual(a, b);
  }
}

function doorDashMenu(menu: TPublishableMenu): unknown {
  return {
    name: 'Menu',
    active: true,
    categories: menu.categories.map((category, c) => ({
      merchant_supplied_id: category.id,
      name: category.name,
      active: true,
      sort_id: c,
      items: category.items.map((item, i) => ({
        merchant_supplied_id: item.id,
        name: item.name,
        description: item.description,
        price: item.priceCents,
        active: true,
        sort_id: i,
        extras: item.modifierGroups.map((group, g) => ({
          merchant_supplied_id: `${item.id}~g${g}`,
          name: group.name,
          min_num_options: group.min,
          max_num_options: group.max,
          num_free_options: 0,
          sort_id: g,
          options: group.options.map((option, o) => ({
            merchant_supplied_id: `${item.id}~g${g}~o${o}`,
            name: option.name,
            price: option.priceCents,
            active: true,
            sort_id: o,
          })),
        })),
      })),
    })),
  };
}

export interface TDoorDashOrderEvent {
  event?: { type?: string; status?: string };
  order?: {
    id?: string;
    store?: { merchant_supplied_id?: string };
    consumer?: { first_name?: string; last_name?: string };
    categories?: Array<{
      name?: string;
      items?: Array<{
        merchant_supplied_id?: string;
        name?: string;
        quantity?: number;
        price?: number;
        extras?: Array<{ name?: string; options?: Array<{ name?: string; price?: number }> }>;
      }>;
    }>;
    subtotal?: number;
    tax?: number;
    tip_amount?: number;
    order_total?: number;
    created_at?: string;
  };
}

/** A DoorDash OrderCreate event (amounts in cents) as the product's platform order. */
export function fromDoorDashOrder(event: TDoorDashOrderEvent, now: Date): unknown {
  const order = event.order ?? {};
  const subtotal = order.subtotal ?? 0;
  const tax = order.tax ?? 0;
  const tip = order.tip_amount ?? 0;
  return {
    storeId: order.store?.merchant_supplied_id,
    orderId: order.id,
    placedAt: order.created_at ? new Date(order.created_at).toISOString() : now.toISOString(),
    customerName:
      [order.consumer?.first_name, order.consumer?.last_name].filter(Boolean).join(' ') || 'DoorDash customer',
    items: (order.categories ?? []).flatMap((category) =>
      (category.items ?? []).map((item) => ({
        id: item.merchant_supplied_id,
        name: item.name,
        ...(category.name ? { category: category.name } : {}),
        quantity: item.quantity ?? 1,
        unitPriceCents: item.price ?? 0,
        options: (item.extras ?? []).flatMap((extra) =>
          (extra.options ?? []).map((option) => ({
            group: extra.name,
            name: option.name,
            priceCents: option.price ?? 0,
          })),
        ),
      })),
    ),
    taxCents: tax,
    tipCents: tip,
    totalCents: order.order_total ?? subtotal + tax + tip,
  } satisfies Partial<Record<keyof TWebhookOrder, unknown>>;
}
