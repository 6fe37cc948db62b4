import { describe, expect, it } from 'vitest';
import { modeTag } from './connector-mode.ts';

describe('the connector tag of a platform card', () => {
  it('says Live API only for a store connected through the platform’s API', () => {
    expect(modeTag({ status: 'connected', mode: 'live', connectMode: 'live' })).toBe('live');
    expect(modeTag({ status: 'paused', mode: 'live', connectMode: 'live' })).toBe('live');
  });

  it('says Simulator for a simulated store even when the platform’s credentials are configured', () => {
    expect(modeTag({ status: 'connected', mode: 'simulator', connectMode: 'live' })).toBe('simulator');
    expect(modeTag({ status: 'paused', mode: 'simulator', connectMode: 'live' })).toBe('simulator');
  });

  it('says what connecting would use while not connected', () => {
    expect(modeTag({ status: 'disconnected', mode: null, connectMode: 'live' })).toBe('connectLive');
    expect(modeTag({ status: 'disconnected', mode: null, connectMode: 'simulator' })).toBe('simulator');
  });
});
