import type { SecretBox } from '../../lib/secrets.ts';
import type { DeliveryRepository } from './delivery.repository.ts';

/**
 * Seals again under the current key every stored secret that is not (sealed under the previous key,
 * or stored in clear before sealing); answers how many changed. Each row is swapped only if it still
 * holds what was read, so servers resealing on read at the same time do not clash.
 */
export async function resealAll(repo: DeliveryRepository, box: SecretBox): Promise<number> {
  let count = 0;
  for (const stored of await repo.storedSecrets()) {
    const resealed = box.resealed(stored.webhookSecret);
    if (!resealed) continue;
    await repo.resealSecret(stored.restaurantId, stored.platform, stored.webhookSecret, resealed);
    count += 1;
  }
  return count;
}
