import { describe, expect, it } from 'vitest';
import { canResume, paymentFailed } from './campaigns-card.tsx';

const progress = (queued: number) => ({ queued, sent: 27, delivered: 0, failed: 0 });

describe(canResume.name, () => {
  it('offers to resume a sent campaign whose sending stopped with messages queued (a server died mid-send)', () => {
    expect(canResume({ status: 'sent', sendState: 'sending', progress: progress(78), needsPayment: false })).toBe(true);
    expect(canResume({ status: 'sent', sendState: 'failed', progress: progress(3), needsPayment: false })).toBe(true);
  });

  it('does not offer it once nothing is queued, while quiet hours hold it, or before it was sent', () => {
    expect(canResume({ status: 'sent', sendState: 'sending', progress: progress(0), needsPayment: false })).toBe(false);
    expect(canResume({ status: 'sent', sendState: 'waiting', progress: progress(78), needsPayment: false })).toBe(
      false,
    );
    expect(canResume({ status: 'sent', sendState: 'done', progress: progress(0), needsPayment: false })).toBe(false);
    expect(canResume({ status: 'approved', sendState: 'idle', progress: progress(0), needsPayment: false })).toBe(
      false,
    );
  });

  it('offers to pay again a sent campaign whose payment failed, even with every message out', () => {
    const failed = {
      status: 'sent' as const,
      sendState: 'failed' as const,
      progress: progress(0),
      needsPayment: true,
    };
    expect(paymentFailed(failed)).toBe(true);
    expect(canResume(failed)).toBe(true);
    // A sending failure with nothing queued is not a payment to retry.
    expect(canResume({ ...failed, needsPayment: false })).toBe(false);
    expect(paymentFailed({ needsPayment: false })).toBe(false);
  });
});
