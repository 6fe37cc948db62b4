import { act } from 'react';
import { Button, DatePicker, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { click, mount, settle, setUpFormTests, waitFor, type TMounted } from '../test-support/form-harness.tsx';
import { DateInput, dayInBounds, dayPickerKeys, dayRule } from './date-input.tsx';

let mounted: TMounted | undefined;
setUpFormTests(() => mounted);

/** What a browser does on Enter in a field of a form: submit it, unless the keydown was prevented. */
async function pressEnter(input: HTMLInputElement) {
  await act(async () => {
    input.focus();
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    const allowed = input.dispatchEvent(event);
    if (allowed) input.form?.requestSubmit();
  });
  await settle();
}

describe('DateInput', () => {
  it('Enter in a day field does not submit the form', async () => {
    const onFinish = vi.fn();
    mounted = await mount(
      <Form onFinish={onFinish} initialValues={{ day: '2026-11-27' }}>
        <Form.Item name="day" label="Day">
          <DateInput aria-label="Day" />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const input = mounted.container.querySelector<HTMLInputElement>('input[aria-label="Day"]')!;
    expect(input.max).toBe('2099-12-31');
    await pressEnter(input);
    expect(onFinish).not.toHaveBeenCalled();
    // the Save button still sends it
    await click(mounted.container.querySelector('button')!);
    await waitFor(() => onFinish.mock.calls.length > 0);
    expect(onFinish).toHaveBeenCalledWith({ day: '2026-11-27' });
  });

  it('refuses a garbled year: the field shows the error, the form is not sent, the rule gives the message', async () => {
    const onFinish = vi.fn();
    mounted = await mount(
      <Form onFinish={onFinish} initialValues={{ day: '261201-11-27' }}>
        <Form.Item name="day" label="Day" rules={[dayRule()]}>
          <DateInput aria-label="Day" />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const input = mounted.container.querySelector<HTMLInputElement>('input[aria-label="Day"]')!;
    expect(input.className).toContain('ant-input-status-error');
    await click(mounted.container.querySelector('button')!);
    await settle(200);
    expect(onFinish).not.toHaveBeenCalled();
    const rule = dayRule() as { validator: (rule: unknown, value: unknown) => Promise<void> };
    await expect(rule.validator({}, '261201-11-27')).rejects.toThrow('Enter a date from 2000-01-01 to 2099-12-31');
    await expect(rule.validator({}, '2026-11-27')).resolves.toBeUndefined();
    expect(dayInBounds('1201-11-27')).toBe(false);
    expect(dayInBounds('2026-11-27T10:30')).toBe(true);
  });

  it('Enter in an antd day picker with the shared keys does not submit; focus selects the day to type over', async () => {
    const onFinish = vi.fn();
    mounted = await mount(
      <Form onFinish={onFinish}>
        <Form.Item name="at" label="At">
          <DatePicker aria-label="At" format="YYYY-MM-DD" {...dayPickerKeys} />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const input = mounted.container.querySelector<HTMLInputElement>('input')!;
    await act(async () => {
      input.value = '2026-11-27';
    });
    const select = vi.spyOn(input, 'select');
    await act(async () => {
      input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      input.dispatchEvent(new FocusEvent('focus'));
    });
    await pressEnter(input);
    expect(onFinish).not.toHaveBeenCalled();
    expect(select).toHaveBeenCalled();
  });
});
