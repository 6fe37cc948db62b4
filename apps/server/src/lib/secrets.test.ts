import { describe, expect, it } from 'vitest';
import { isSealed, lastFour, SecretBox, secretKey, secretsConfigFromEnv, SecretUnreadableError } from './secrets.ts';

const keyA = secretKey(Buffer.alloc(32, 1));
const keyB = secretKey(Buffer.alloc(32, 2));

describe('SecretBox', () => {
  it('seals with AES-256-GCM under a named key and opens it again; the clear text is not in the sealed form', () => {
    const box = new SecretBox({ current: keyA });
    const sealed = box.seal('whsec_live_0123456789');
    expect(sealed.startsWith(`enc:v1:${keyA.id}:`)).toBe(true);
    expect(sealed).not.toContain('0123456789');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    expect(box.open(sealed)).toEqual({ plain: 'whsec_live_0123456789', stale: false });
  });

  it('refuses a tampered value, a value sealed under an unknown key and a garbled one', () => {
    const box = new SecretBox({ current: keyA });
    const sealed = box.seal('token-abcd');
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[5]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[5] = flipped.toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow(SecretUnreadableError);
    // The key id is authenticated too: relabelling the value under another id does not open it.
    expect(() => new SecretBox({ current: keyB, previous: keyA }).open(sealed.replace(keyA.id, keyB.id))).toThrow(
      SecretUnreadableError,
    );
    expect(() => new SecretBox({ current: keyB }).open(sealed)).toThrow(/unknown key/);
    expect(() => box.open('enc:v1:zz')).toThrow(SecretUnreadableError);
  });

  it('rotates without downtime: the previous key still opens, reads report stale, resealing moves to the new key', () => {
    const before = new SecretBox({ current: keyA });
    const stored = before.seal('per-restaurant-secret');
    const during = new SecretBox({ current: keyB, previous: keyA });
    expect(during.open(stored)).toEqual({ plain: 'per-restaurant-secret', stale: true });
    const resealed = during.resealed(stored)!;
    expect(resealed.startsWith(`enc:v1:${keyB.id}:`)).toBe(true);
    expect(during.resealed(resealed)).toBeNull();
    // Once every value is resealed the previous key can go.
    const after = new SecretBox({ current: keyB });
    expect(after.open(resealed).plain).toBe('per-restaurant-secret');
    expect(() => after.open(stored)).toThrow(SecretUnreadableError);
  });

  it('treats a value stored in clear before sealing as stale, so it gets sealed', () => {
    const box = new SecretBox({ current: keyA });
    expect(isSealed('legacy-secret')).toBe(false);
    expect(box.open('legacy-secret')).toEqual({ plain: 'legacy-secret', stale: true });
    expect(isSealed(box.resealed('legacy-secret')!)).toBe(true);
  });

  it('reads SECRETS_KEY and SECRETS_KEY_PREVIOUS as hex or base64, and refuses a key of the wrong size', () => {
    const hex = Buffer.alloc(32, 2).toString('hex');
    const b64 = Buffer.alloc(32, 1).toString('base64');
    const config = secretsConfigFromEnv({ SECRETS_KEY: hex, SECRETS_KEY_PREVIOUS: b64 }, 'jwt');
    expect(config.current.id).toBe(keyB.id);
    expect(config.previous?.id).toBe(keyA.id);
    expect(() => secretsConfigFromEnv({ SECRETS_KEY: 'short' }, 'jwt')).toThrow(/32 bytes/);
    // Without SECRETS_KEY the key is derived from the JWT secret: stable across restarts.
    expect(secretsConfigFromEnv({}, 'jwt-a').current.id).toBe(secretsConfigFromEnv({}, 'jwt-a').current.id);
    expect(secretsConfigFromEnv({}, 'jwt-a').current.id).not.toBe(secretsConfigFromEnv({}, 'jwt-b').current.id);
  });

  it('shows only the last four characters', () => {
    expect(lastFour('whsec_abcdef1234')).toBe('1234');
  });
});
