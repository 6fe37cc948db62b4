import { describe, expect, it } from 'vitest';
import { canResume } from './campaigns-card.tsx';

const progress = (queued: number) => ({ queued, sent: 27, delivered: 0, failed: 0 });

describe(canResume.name, () => {
  it('offers to resume a sent campaign whose sending stopped with messages queued (a server died mid-send)', () => {
    expect(canResume({ status: 'sent', sendState: 'sending', progress: progress(78) })).toBe(true);
    expect(canResume({ status: 'sent', sendState: 'failed', progress: progress(3) })).toBe(true);
  });

  it('does not offer it once nothing is queued, while quiet hours hold it, or before it was sent', () => {
    expect(canResume({ status: 'sent', sendState: 'sending', progress: progress(0) })).toBe(false);
    expect(canResume({ status: 'sent', sendState: 'waiting', progress: progress(78) })).toBe(false);
    expect(canResume({ status: 'sent', sendState: 'done', progress: progress(0) })).toBe(false);
    expect(canResume({ status: 'approved', sendState: 'idle', progress: progress(0) })).toBe(false);
  });
});
