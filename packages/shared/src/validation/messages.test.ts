import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../errors.ts';
import { VALIDATION_MESSAGES, validationMessage } from './messages.ts';
import type { TValidationMessageKey } from './messages.ts';

describe('VALIDATION_MESSAGES', () => {
  it('has the SPEC 5 account and user keys', () => {
    for (const key of [
      'account.routingnumberError',
      'account.zipcodeError',
      'account.phoneError',
      'user.EmailFormatrules',
    ]) {
      expect(VALIDATION_MESSAGES).toHaveProperty([key]);
    }
  });

  it.each<[TValidationMessageKey, string]>([
    ['user.EmailFormatrules', 'Please enter the correct email address'],
    ['menu.selectOption', 'Please select an option'],
    ['menu.inputPrice', 'Please input price'],
    ['menu.inputLinkedWithDBID', 'Please input linkedWithDBID'],
    ['menu.inputPrinters', 'Please input printers'],
    ['menu.inputDishHourWithDays', 'Please input Menu Dish Hour with Days'],
    ['menu.enterItemId', 'Please enter the item_id'],
    ['menu.enterName', 'Please enter the name'],
    ['menu.enterPrintName', 'Please enter the print name'],
    ['menu.enterPrice', 'Please enter the price'],
    ['sms.maxUsers', 'Maximum 1000 users can be selected'],
    ['sms.selectUsersFirst', 'Please select users first'],
    ['sms.searchUnchanged', 'Search conditions unchanged, no need to search again'],
    ['sms.linkBankFirst', 'Please link bank information first'],
    ['sms.sendFailed', 'Failed to send, please try again later'],
    ['sms.paymentFailed', 'Payment failed, please try again later'],
    ['sms.submitApprovalFailed', 'Failed to submit SMS approval'],
    ['sms.approvalSubmitted', 'SMS approval submitted successfully'],
    ['sms.reviewApproved', 'Review approved'],
    ['sms.reviewRejected', 'Review rejected'],
    ['sms.sentToUsers', 'SMS sent to {count} users'],
    ['validation.required', 'This field is required'],
  ])('words %s in English exactly as the SPEC does', (key, english) => {
    expect(VALIDATION_MESSAGES[key].en).toBe(english);
  });

  it('gives the required message in Chinese', () => {
    expect(VALIDATION_MESSAGES['validation.required'].zh).toBe('此项为必填项');
  });

  it('shares the email wording with the login error catalogue', () => {
    expect(VALIDATION_MESSAGES['user.EmailFormatrules']).toEqual(MESSAGES.invalidEmail);
  });

  it('has non-empty English and Chinese text for every key, the Chinese actually in Chinese', () => {
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
      expect(text.en.trim(), key).not.toBe('');
      expect(text.zh, key).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
      expect(placeholders(text.zh), key).toEqual(placeholders(text.en));
    }
  });
});

describe('validationMessage', () => {
  it('returns the text for the requested language', () => {
    expect(validationMessage('sms.selectUsersFirst', 'en')).toBe('Please select users first');
    expect(validationMessage('sms.selectUsersFirst', 'zh')).toBe('请先选择用户');
  });

  it('fills placeholders from the parameters', () => {
    expect(validationMessage('sms.sentToUsers', 'en', { count: 25 })).toBe('SMS sent to 25 users');
    expect(validationMessage('sms.sentToUsers', 'zh', { count: 25 })).toBe('短信已发送给 25 位用户');
  });

  it('leaves a placeholder visible when its parameter is missing', () => {
    expect(validationMessage('sms.sentToUsers', 'en')).toBe('SMS sent to {count} users');
  });

  it('does not read placeholder values from the object prototype', () => {
    expect(validationMessage('sms.sentToUsers', 'en', Object.create({ count: 9 }) as Record<string, number>)).toBe(
      'SMS sent to {count} users',
    );
  });
});
