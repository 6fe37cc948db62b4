import { describe, expect, it } from 'vitest';
import { SegmentedMessage } from 'sms-segments-calculator';
import fc from 'fast-check';
import {
  analyzeSms,
  canMoveCampaign,
  classifyInboundSms,
  MAX_SMS_PARTS,
  nextSendingTime,
  OPT_OUT_TEXT,
  smsCost,
  smsText,
} from './sms.ts';

const NY = 'America/New_York';

describe('analyzeSms', () => {
  it('counts the opt-out text in the message: a 138-character English body still fits one GSM-7 part', () => {
    // 138 + line break + "Reply STOP to opt out" (21) = 160
    const body = 'a'.repeat(138);
    const a = analyzeSms(body, 'en');
    expect(a.text).toBe(`${body}\n${OPT_OUT_TEXT.en}`);
    expect(a).toMatchObject({ encoding: 'GSM-7', characters: 160, parts: 1, perPart: 160, tooLong: false });
    expect(analyzeSms(`${body}a`, 'en')).toMatchObject({ characters: 161, parts: 2, perPart: 153 });
  });

  it('counts a GSM extended character twice (€ { } [ ] ~ | ^ \\)', () => {
    const plain = analyzeSms('Lunch special 5 dollars', 'en');
    const euro = analyzeSms('Lunch special 5 €uros', 'en');
    expect(euro.encoding).toBe('GSM-7');
    expect(euro.characters - plain.characters).toBe(
      'Lunch special 5 €uros'.length + 1 - 'Lunch special 5 dollars'.length,
    );
  });

  it('switches to UCS-2 for Chinese or an emoji and names the characters that forced it', () => {
    const zh = analyzeSms('本周末点心买一送一', 'zh');
    expect(zh).toMatchObject({ encoding: 'UCS-2', parts: 1, perPart: 70 });
    expect(zh.forcedUcs2).toEqual(expect.arrayContaining(['本', '周', '回', '订']));
    const emoji = analyzeSms('Oysters are back 🦪', 'en');
    expect(emoji.encoding).toBe('UCS-2');
    expect(emoji.forcedUcs2).toEqual(['🦪']);
  });

  it('splits UCS-2 into 67-character parts and refuses more than 10 parts', () => {
    const a = analyzeSms('好'.repeat(70), 'zh');
    expect(a).toMatchObject({ encoding: 'UCS-2', perPart: 67 });
    expect(a.parts).toBe(Math.ceil((70 + 1 + OPT_OUT_TEXT.zh.length) / 67));
    expect(analyzeSms('好'.repeat(67 * MAX_SMS_PARTS), 'zh').tooLong).toBe(true);
    expect(analyzeSms('a'.repeat(153 * 9), 'en').tooLong).toBe(false);
  });

  it('agrees with the segment calculator on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.constantFrom('en', 'zh'), (body, lang) => {
        const a = analyzeSms(body, lang as 'en' | 'zh');
        const reference = new SegmentedMessage(smsText(body, lang as 'en' | 'zh'));
        expect(a.parts).toBe(reference.segmentsCount);
        expect(a.encoding).toBe(reference.encodingName);
      }),
      { numRuns: 200 },
    );
  });
});

describe('smsCost', () => {
  it('prices parts x recipients per variant, rounds the subtotal once, then adds tax', () => {
    // 1,200 x 2 parts x $0.0079 = $18.96; 300 x 1 part (UCS-2) x $0.0079 = $2.37 -> $21.33; tax 10.1% = $2.15
    const cost = smsCost(
      [
        { language: 'en', parts: 2, recipients: 1_200 },
        { language: 'zh', parts: 1, recipients: 300 },
      ],
      { pricePerPartMicros: 7_900, taxRateBasisPoints: 1_010 },
    );
    expect(cost.lines.map((l) => l.billedParts)).toEqual([2_400, 300]);
    expect(cost).toMatchObject({ subtotalCents: 2_133, taxCents: 215, totalCents: 2_348 });
  });

  it('rounds half a cent up, and leaves out a variant nobody receives', () => {
    // 1 part x 1 recipient x $0.0075 = 0.75 cents -> 1 cent
    const cost = smsCost(
      [
        { language: 'en', parts: 1, recipients: 1 },
        { language: 'zh', parts: 3, recipients: 0 },
      ],
      { pricePerPartMicros: 7_500, taxRateBasisPoints: 0 },
    );
    expect(cost.lines).toHaveLength(1);
    expect(cost.totalCents).toBe(1);
    expect(
      smsCost([{ language: 'en', parts: 1, recipients: 1 }], { pricePerPartMicros: 4_999, taxRateBasisPoints: 0 })
        .totalCents,
    ).toBe(0);
  });
});

describe('classifyInboundSms', () => {
  it.each([
    'STOP',
    'stop',
    ' Unsubscribe ',
    'END',
    'quit',
    'CANCEL',
    'OPTOUT',
    'revoke',
    'StopAll',
    '退订',
    '取消订阅',
    '停止',
    'STOP.',
  ])('reads %j as opting out', (word) => expect(classifyInboundSms(word)).toBe('optOut'));
  it.each(['START', 'yes', 'Unstop', '订阅', '开始'])('reads %j as opting back in', (word) =>
    expect(classifyInboundSms(word)).toBe('optIn'),
  );
  it.each(['HELP', 'help', 'Info', '帮助'])('reads %j as asking for help', (word) =>
    expect(classifyInboundSms(word)).toBe('help'),
  );
  it('ignores a sentence that merely contains a keyword', () => {
    expect(classifyInboundSms("Please don't stop the dumplings")).toBeNull();
    expect(classifyInboundSms('yes please, table for 2')).toBeNull();
  });
});

describe('nextSendingTime (8:00 to 21:00 in the restaurant’s zone)', () => {
  it('sends at once inside the window', () => {
    const now = new Date('2026-03-14T19:30:00-04:00');
    expect(nextSendingTime(now, NY)).toEqual({ at: now, waits: false });
  });

  it('waits for 8:00 the same day before it, and the next day from 21:00', () => {
    expect(nextSendingTime(new Date('2026-03-14T03:30:00-04:00'), NY).at.toISOString()).toBe(
      '2026-03-14T12:00:00.000Z',
    );
    expect(nextSendingTime(new Date('2026-03-14T21:00:00-04:00'), NY)).toEqual({
      at: new Date('2026-03-15T08:00:00-04:00'),
      waits: true,
    });
  });

  it('follows the zone: across New York’s DST change the next 8:00 is EDT; Shanghai has none', () => {
    expect(nextSendingTime(new Date('2026-03-07T22:00:00-05:00'), NY).at.toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
    // 22:00 in Shanghai (no DST): 8:00 there the next morning
    expect(nextSendingTime(new Date('2026-03-08T14:00:00Z'), 'Asia/Shanghai').at.toISOString()).toBe(
      '2026-03-09T00:00:00.000Z',
    );
  });
});

describe('canMoveCampaign', () => {
  it('allows only pending -> approved | rejected and approved -> sent', () => {
    expect(canMoveCampaign('pending', 'approved')).toBe(true);
    expect(canMoveCampaign('pending', 'rejected')).toBe(true);
    expect(canMoveCampaign('approved', 'sent')).toBe(true);
    expect(canMoveCampaign('pending', 'sent')).toBe(false);
    expect(canMoveCampaign('rejected', 'approved')).toBe(false);
    expect(canMoveCampaign('sent', 'approved')).toBe(false);
    expect(canMoveCampaign('approved', 'rejected')).toBe(false);
  });
});
