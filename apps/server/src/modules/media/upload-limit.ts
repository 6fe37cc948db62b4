/**
 * How often the ordering site may send customer photos (issue 8's public upload endpoint): per
 * restaurant key and client address, a fixed window counted before the body is read, so a flood costs
 * neither image processing nor storage. In memory, per server process (docs/decisions.md "Menu: customer
 * photo upload limit"): a second process doubles the allowance, which is still a hard bound.
 */
export const PHOTO_UPLOAD_LIMIT = { perWindow: 10, windowMs: 10 * 60_000 } as const;

export class UploadLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly now: () => Date,
    private readonly limit: { perWindow: number; windowMs: number } = PHOTO_UPLOAD_LIMIT,
  ) {}

  /** Counts one attempt; returns null when allowed, else the seconds until the window ends. */
  take(restaurantId: number, ip: string): number | null {
    const now = this.now().getTime();
    if (this.windows.size > 10_000) this.sweep(now);
    const key = `${restaurantId}|${ip}`;
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.limit.windowMs || now < window.start) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit.perWindow)
      return Math.max(1, Math.ceil((window.start + this.limit.windowMs - now) / 1000));
    window.count += 1;
    return null;
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= this.limit.windowMs) this.windows.delete(key);
  }
}
