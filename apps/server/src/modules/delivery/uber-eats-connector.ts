import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TPublishableMenu, TWebhookOrder } from '@ra/shared/delivery/delivery.schemas';
import type { TUberEatsConfig } from '../../lib/delivery-connectors-config.ts';
import type { Clock } from '../../lib/clock.ts';
import { PlatformRejectedError } from './platform-adapter.ts';
import { platformCall, type TPlatformAnswer } from './platform-http.ts';

/**
 * Uber Eats through its Marketplace APIs (developer.uber.com/docs/eats):
 * - Authentication: an app token by OAuth 2.0 client_credentials at auth.uber.com/oauth/v2/token
 *   (form body client_id, client_secret, grant_type, scope), kept until shortly before it expires and
 *   fetched again once when the API answers 401.
 * - Store: GET /v1/eats/stores/{store_id} ("Test connection", and before connecting).
 * - Busy mode: POST /v1/eats/store/{store_id}/status with status PAUSED (paused_until, reason) or ONLINE.
 * - Menu: PUT /v2/eats/stores/{store_id}/menus with the whole menu (menus, categories, items,
 *   modifier_groups; prices in cents; our item id as the item's id and external_data).
 * - Orders: the orders.notification webhook, signed in X-Uber-Signature (hex HMAC-SHA256 of the raw
 *   body keyed with the client secret), names the order; GET /v1/eats/order/{order_id} reads it, then
 *   POST /v1/eats/orders/{order_id}/accept_pos_order or /deny_pos_order answers it.
 * Left out: the authorization_code flow of POS provisioning (a store is connected to the app in Uber's
 * dashboard, then entered here by its store id), item photos (the menu carries no public image URLs),
 * and the menu's own service hours (the product refuses orders outside the platform's hours itself).
 */
export class UberEatsConnector {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly config: TUberEatsConfig,
    private readonly clock: Clock,
  ) {}

  private async accessToken(): Promise<string> {
    const now = this.clock.now().getTime();
    if (this.token && this.token.expiresAt > now) return this.token.value;
    const answer = await platformCall(
      'ubereats',
      this.config.authUrl,
      {
        method: 'POST',
        headers: {},
        form: {
          client_id: this.config.clientId,
          client_secret: this.config.clientSecret,
          grant_type: 'client_credentials',
          scope: this.config.scopes,
        },
      },
      [400, 401],
    );
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (answer.status !== 200 || typeof body?.access_token !== 'string') {
      throw new PlatformRejectedError('ubereats: the client credentials were refused');
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    // Renewed a minute early, so a token never expires between being read and being used.
    this.token = { value: body.access_token, expiresAt: now + Math.max(0, seconds - 60) * 1000 };
    return body.access_token;
  }

  /** An API call with the app token; a 401 drops the token and tries once more with a new one. */
  private async api(method: string, path: string, body?: unknown, allow: number[] = []): Promise<TPlatformAnswer> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const answer = await platformCall(
        'ubereats',
        `${this.config.apiBase}${path}`,
        { method, headers: { authorization: `Bearer ${token}` }, body },
        [401, ...allow],
      );
      if (answer.status !== 401) return answer;
      this.token = null;
      if (attempt > 0) throw new PlatformRejectedError('ubereats 401: the app token was refused');
    }
  }

  /** The live check of the admin panel: a fresh app token from auth.uber.com. */
  async ping(): Promise<void> {
    this.token = null;
    await this.accessToken();
  }

  async store(storeId: string): Promise<{ storeName: string | null }> {
    const answer = await this.api('GET', `/v1/eats/stores/${encodeURIComponent(storeId)}`, undefined, [404]);
    if (answer.status === 404) throw new PlatformRejectedError('ubereats 404: unknown store');
    const body = answer.body as { name?: unknown } | null;
    return { storeName: typeof body?.name === 'string' ? body.name : null };
  }

  async setPaused(storeId: string, paused: boolean, until: Date | null): Promise<void> {
    await this.api(
      'POST',
      `/v1/eats/store/${encodeURIComponent(storeId)}/status`,
      paused
        ? { status: 'PAUSED', ...(until ? { paused_until: until.toISOString() } : {}), reason: 'Busy' }
        : { status: 'ONLINE' },
    );
  }

  async publishMenu(storeId: string, menu: TPublishableMenu): Promise<void> {
    await this.api('PUT', `/v2/eats/stores/${encodeURIComponent(storeId)}/menus`, uberMenu(menu));
  }

  /** The order an orders.notification names, in the shape the product stores. */
  async order(storeId: string, orderId: string): Promise<TWebhookOrder> {
    const answer = await this.api('GET', `/v1/eats/order/${encodeURIComponent(orderId)}`);
    return fromUberOrder(storeId, orderId, answer.body as TUberOrder, this.clock.now());
  }

  async accept(orderId: string): Promise<void> {
    await this.api('POST', `/v1/eats/orders/${encodeURIComponent(orderId)}/accept_pos_order`, {
      reason: 'accepted',
    });
  }

  async deny(orderId: string, explanation: string): Promise<void> {
    await this.api('POST', `/v1/eats/orders/${encodeURIComponent(orderId)}/deny_pos_order`, {
      reason: { explanation, code: 'STORE_CLOSED' },
    });
  }

  /** X-Uber-Signature: lowercase hex HMAC-SHA256 of the raw body with the client secret, compared in constant time. */
  verify(rawBody: string, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
    const expected = createHmac('sha256', this.config.clientSecret).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }
}

const text = (value: string) => ({ translations: { en_us: value } });

/** The product's menu as Uber's menu upload: modifier options are items of their own, as Uber models them. */
export function uberMenu(menu: TPublishableMenu): unknown {
  const items: unknown[] = [];
  const groups: unknown[] = [];
  for (const category of menu.categories) {
    for (const item of category.items) {
      const groupIds = item.modifierGroups.map((group, g) => {
        const groupId = `${item.id}~g${g}`;
        const optionIds = group.options.map((option, o) => {
          const optionId = `${groupId}~o${o}`;
          items.push({
            id: optionId,
            external_data: optionId,
            title: text(option.name),
            price_info: { price: option.priceCents },
          });
          return optionId;
        });
        groups.push({
          id: groupId,
          title: text(group.name),
          quantity_info: { quantity: { min_permitted: group.min, max_permitted: group.max } },
          modifier_options: optionIds.map((id) => ({ id, type: 'ITEM' })),
        });
        return groupId;
      });
      items.push({
        id: item.id,
        external_data: item.id,
        title: text(item.name),
        description: text(item.description),
        price_info: { price: item.priceCents },
        ...(groupIds.length > 0 ? { modifier_group_ids: { ids: groupIds } } : {}),
      });
    }
  }
  const allDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
    day_of_week: day,
    time_periods: [{ start_time: '00:00', end_time: '23:59' }],
  }));
  return {
    menus: [
      {
        id: 'menu',
        title: text('Menu'),
        service_availability: allDay,
        category_ids: menu.categories.map((c) => c.id),
      },
    ],
    categories: menu.categories.map((c) => ({
      id: c.id,
      title: text(c.name),
      entities: c.items.map((i) => ({ id: i.id, type: 'ITEM' })),
    })),
    items,
    modifier_groups: groups,
  };
}

interface TUberMoney {
  amount?: number;
}
interface TUberOrder {
  id?: string;
  placed_at?: string;
  eater?: { first_name?: string; last_name?: string };
  cart?: {
    items?: Array<{
      id?: string;
      external_data?: string;
      title?: string;
      quantity?: number;
      price?: { unit_price?: TUberMoney };
      selected_modifier_groups?: Array<{
        title?: string;
        selected_items?: Array<{ title?: string; price?: { unit_price?: TUberMoney } }>;
      }>;
    }>;
  };
  payment?: { charges?: { total?: TUberMoney; tax?: TUberMoney; tip?: TUberMoney } };
}

const cents = (money: TUberMoney | undefined) => Math.round((money?.amount ?? 0) * 100);

/** Uber's order (amounts in currency units) as the product's platform order (integer cents). */
function fromUberOrder(storeId: string, orderId: string, order: TUberOrder, now: Date): TWebhookOrder {
  return {
    storeId,
    orderId,
    placedAt: order.placed_at ? new Date(order.placed_at).toISOString() : now.toISOString(),
    customerName: [order.eater?.first_name, order.eater?.last_name].filter(Boolean).join(' ') || 'Uber Eats customer',
    items: (order.cart?.items ?? []).map((item) => ({
      id: item.external_data || item.id || 'item',
      name: item.title ?? '',
      quantity: item.quantity ?? 1,
      unitPriceCents: cents(item.price?.unit_price),
      options: (item.selected_modifier_groups ?? []).flatMap((group) =>
        (group.selected_items ?? []).map((selected) => ({
          name: selected.title ?? '',
          group: group.title ?? '',
          priceCents: cents(selected.price?.unit_price),
        })),
      ),
    })),
    taxCents: cents(order.payment?.charges?.tax),
    tipCents: cents(order.payment?.charges?.tip),
    totalCents: cents(order.payment?.charges?.total),
  };
}
