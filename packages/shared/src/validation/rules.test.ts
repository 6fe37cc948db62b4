import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../auth/auth.schemas.ts';
import { ROUTING_NUMBER_LENGTH } from '../format/constants.ts';
import { InvalidAmountError, MoneyPrecisionError, toCents } from '../format/money.ts';
import {
  AMOUNT_2DP,
  EMAIL,
  isAmount2dp,
  isEmail,
  isPin,
  isRoutingNumber,
  isUsPhone,
  isZipCode,
  parseDishHours,
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
  ROUTING_NUMBER,
  US_PHONE,
  ZIP_CODE,
} from './rules.ts';

describe('routing number', () => {
  it('accepts exactly 9 digits', () => {
    expect(isRoutingNumber('021000021')).toBe(true);
    expect('021000021').toHaveLength(ROUTING_NUMBER_LENGTH);
  });

  it.each(['02100002', '0210000210', '02100002a', ' 021000021', '021-000-021', ''])(
    'rejects a routing number that is not 9 digits: %j',
    (value) => {
      expect(isRoutingNumber(value)).toBe(false);
    },
  );
});

describe('zip code', () => {
  it.each(['10001', '94105-1234'])('accepts %s', (value) => {
    expect(isZipCode(value)).toBe(true);
  });

  it.each(['1000', '100011', '10001-', '10001-123', '10001-12345', '10001 1234', 'ABCDE', '100011234'])(
    'rejects %s',
    (value) => {
      expect(isZipCode(value)).toBe(false);
    },
  );
});

describe('US phone', () => {
  it.each([
    '(555) 123-4567',
    '(555)123-4567',
    '555-123-4567',
    '555.123.4567',
    '555 123 4567',
    '5551234567',
    '+1 555 123 4567',
    '+1-555-123-4567',
    '+15551234567',
    '+1 (555) 123-4567',
  ])('accepts %s', (value) => {
    expect(isUsPhone(value)).toBe(true);
  });

  it.each([
    ['too few digits', '555-123-456'],
    ['too many digits', '555-123-45678'],
    ['mixed separators', '555-123.4567'],
    ['a separator in only one place', '555-1234567'],
    ['a non-US country code', '+44 555 123 4567'],
    ['a country code without +', '1 555 123 4567'],
    ['an unclosed parenthesis', '(555 123-4567'],
    ['letters', '555-CALL-NOW'],
    ['surrounding spaces', ' 5551234567 '],
    ['an empty string', ''],
  ])('rejects %s', (_, value) => {
    expect(isUsPhone(value)).toBe(false);
  });
});

describe('PIN', () => {
  it(`accepts ${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} digits`, () => {
    expect(isPin('1234')).toBe(true);
    expect(isPin('12345678')).toBe(true);
    expect(isPin('0000')).toBe(true);
  });

  it('rejects PINs that are too short, too long or not all digits', () => {
    expect(isPin('123')).toBe(false);
    expect(isPin('123456789')).toBe(false);
    expect(isPin('12a4')).toBe(false);
    expect(isPin('-1234')).toBe(false);
    expect(isPin('12 34')).toBe(false);
  });
});

describe('email', () => {
  it('is the same pattern the login schema uses', () => {
    expect(EMAIL).toBe(EMAIL_PATTERN);
  });

  it('accepts letters, digits, underscore, hyphen or dot, @, a domain and a 2-4 letter ending', () => {
    expect(isEmail('owner_1.test-x@golden-dragon.com')).toBe(true);
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('staff@mail.example.info')).toBe(true);
  });

  it.each(['no-at-sign.com', 'a@b', 'a@b.c', 'a@b.museum', 'a b@c.com', 'a+tag@b.com', '@b.com'])(
    'rejects %s',
    (value) => {
      expect(isEmail(value)).toBe(false);
    },
  );
});

describe('amounts with at most two decimals', () => {
  it.each(['0', '12', '12.5', '12.50', '1234567.89'])('accepts %s', (value) => {
    expect(isAmount2dp(value)).toBe(true);
  });

  it.each(['12.345', '1.500', '.5', '5.', '-1', '1,000', '1e3', 'abc', ''])('rejects %s', (value) => {
    expect(isAmount2dp(value)).toBe(false);
  });

  it('agrees with the money-sum helper on which amounts it accepts', () => {
    for (const value of ['0', '12', '12.5', '12.50', '12.345', '1.500', '.5', '5.', '1e3', 'abc']) {
      let acceptedByMoney = true;
      try {
        toCents(value);
      } catch (error) {
        expect(error instanceof MoneyPrecisionError || error instanceof InvalidAmountError).toBe(true);
        acceptedByMoney = false;
      }
      expect(isAmount2dp(value), value).toBe(acceptedByMoney);
    }
  });
});

describe('rule predicates', () => {
  it('return false for non-string values instead of throwing', () => {
    for (const predicate of [isRoutingNumber, isZipCode, isUsPhone, isPin, isEmail, isAmount2dp]) {
      expect(predicate(undefined)).toBe(false);
      expect(predicate(null)).toBe(false);
      expect(predicate(123456789)).toBe(false);
    }
  });

  it('give the same answer on repeated calls (patterns are not global)', () => {
    for (const pattern of [ROUTING_NUMBER, ZIP_CODE, US_PHONE, AMOUNT_2DP, EMAIL]) {
      expect(pattern.global).toBe(false);
    }
    expect([isZipCode('10001'), isZipCode('10001'), isZipCode('10001')]).toEqual([true, true, true]);
  });
});

describe('parseDishHours', () => {
  it('parses a time range and a day range', () => {
    expect(parseDishHours('07:00-11:00;1-5')).toEqual([
      { start: '07:00', end: '11:00', startMinutes: 420, endMinutes: 660, days: [1, 2, 3, 4, 5] },
    ]);
  });

  it('accepts the whole week 0-6 and a single day', () => {
    expect(parseDishHours('00:00-23:59;0-6')?.[0]?.days).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parseDishHours('10:00-14:00;6')?.[0]?.days).toEqual([6]);
  });

  it("parses several segments separated by '|'", () => {
    const segments = parseDishHours('07:00-11:00;1-5|10:00-14:00;0-0|10:00-14:00;6');
    expect(segments?.map((s) => [s.start, s.end, s.days])).toEqual([
      ['07:00', '11:00', [1, 2, 3, 4, 5]],
      ['10:00', '14:00', [0]],
      ['10:00', '14:00', [6]],
    ]);
  });

  it("accepts '24:00' as the end of the day", () => {
    expect(parseDishHours('18:00-24:00;5-6')?.[0]?.endMinutes).toBe(1440);
  });

  it('ignores spaces around the separators', () => {
    expect(parseDishHours(' 07:00 - 11:00 ; 1 - 5 | 12:00-13:00;0 ')).toHaveLength(2);
  });

  it.each([
    ['an empty string', ''],
    ['a missing day range', '07:00-11:00'],
    ['a missing time range', '1-5'],
    ['a day above 6', '07:00-11:00;1-7'],
    ['a reversed day range', '07:00-11:00;5-1'],
    ['an hour above 23', '25:00-26:00;1-5'],
    ['minutes above 59', '07:60-11:00;1-5'],
    ['an end past 24:00', '07:00-24:30;1-5'],
    ['a single-digit hour', '7:00-11:00;1-5'],
    ['an end before the start', '11:00-07:00;1-5'],
    ['an empty window', '11:00-11:00;1-5'],
    ['a comma between segments', '07:00-11:00;1-5,12:00-14:00;1-5'],
    ['an empty segment', '07:00-11:00;1-5|'],
    ['one malformed segment among good ones', '07:00-11:00;1-5|bad'],
  ])('returns null for %s', (_, value) => {
    expect(parseDishHours(value)).toBeNull();
  });

  it('returns null for a non-string value', () => {
    expect(parseDishHours(undefined as never)).toBeNull();
  });
});
