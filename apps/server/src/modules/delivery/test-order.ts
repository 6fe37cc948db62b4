import type { FastifyInstance } from 'fastify';
import {
  markedUpCents,
  WEBHOOK_SIGNATURE_HEADER,
  type TDeliveryPlatform,
  type TWebhookOrder,
} from '@ra/shared/delivery/delivery.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { DeliveryService } from './delivery.service.ts';
import { signWebhook } from './platform-adapter.ts';

let sequence = 0;

/**
 * What the local simulator does when asked for a test order: picks two items of the menu the platform
 * got (at its marked-up prices), adds 8.875% tax and a tip, signs the body with the connection's
 * secret as the platform would, and posts it to the webhook through the server itself, so the order
 * takes the same path (signature, idempotency, ingestion) as a real one.
 */
export async function sendTestOrder(
  app: FastifyInstance,
  service: DeliveryService,
  auth: AuthContext,
  platform: TDeliveryPlatform,
  badSignature: boolean,
): Promise<{ platformOrderId: string; status: number; result: string; refused: boolean }> {
  const { row: connection, secret: shared } = await service.connectionFor(auth, platform);
  const { menu, markup } = await service.sampleMenu(auth, platform);
  const now = service.now();
  const items = menu.categories.flatMap((c) => c.items.map((i) => ({ ...i, category: c.name }))).slice(0, 2);
  sequence += 1;
  const orderId = `SIM-${now.getTime().toString(36).toUpperCase()}-${sequence}`;
  const lines = items.map((item, index) => ({
    id: item.id,
    name: item.name,
    category: item.category,
    quantity: index + 1,
    unitPriceCents: markedUpCents(item.priceCents, markup),
    options: [],
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const taxCents = Math.round((subtotal * 8875) / 100_000);
  const tipCents = Math.round(subtotal * 0.15);
  const order: TWebhookOrder = {
    storeId: connection.storeId ?? '',
    orderId,
    placedAt: now.toISOString(),
    customerName: 'Test Customer',
    items: lines,
    taxCents,
    tipCents,
    totalCents: subtotal + taxCents + tipCents,
  };
  const body = JSON.stringify(order);
  const secret = badSignature ? 'not-the-shared-secret' : shared;
  const res = await app.inject({
    method: 'POST',
    url: `/api/api/delivery/webhook/${platform}`,
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(now.getTime() / 1000)),
    },
    payload: body,
  });
  const answer = res.json() as { result?: string; message?: string };
  const refused = answer.result === 'rejected';
  return {
    platformOrderId: orderId,
    status: res.statusCode,
    result: refused ? (answer.message ?? '') : (answer.result ?? answer.message ?? ''),
    refused,
  };
}
