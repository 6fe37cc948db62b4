import type { CDPSession } from 'playwright-core';

/** Issue 21's phone: 4x slower CPU, 562 ms round trip, 1.3 Mbps down (Lighthouse's "slow 4G" shape). */
export const PHONE = { cpu: 4, latency: 562, down: (1.3 * 1024 * 1024) / 8, up: (0.6 * 1024 * 1024) / 8 };

/** Throttles the page behind `cdp` like issue 21's phone; `cpu` overrides the CPU slow-down alone. */
export async function throttleLikePhone(cdp: CDPSession, cpu = PHONE.cpu): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latency,
    downloadThroughput: PHONE.down,
    uploadThroughput: PHONE.up,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}
