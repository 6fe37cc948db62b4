import { act } from 'react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import {
  click,
  mount,
  settle,
  setUpFormTests,
  switchToChinese,
  type,
  waitFor,
  type TMounted,
} from '../test-support/form-harness.tsx';
import { NumberInput, numberProblem, numberRule, typedToUnits } from './number-input.tsx';

let mounted: TMounted | undefined;
setUpFormTests(() => mounted);

function Harness({ onFinish }: { onFinish: (v: unknown) => void }) {
  return (
    <Form onFinish={onFinish} initialValues={{ percent: 10 }}>
      <Form.Item name="percent" label="Percent" rules={[numberRule({ min: 0, max: 100 })]}>
        <NumberInput aria-label="Percent" />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

async function blur(el: HTMLInputElement) {
  await act(async () => {
    el.focus();
    el.blur();
  });
}

describe('NumberInput', () => {
  it('keeps 150 as typed after blur, shows the range and does not submit', async () => {
    const onFinish = vi.fn();
    mounted = await mount(<Harness onFinish={onFinish} />);
    const input = mounted.container.querySelector<HTMLInputElement>('input[aria-label="Percent"]')!;
    await type(input, '150');
    await blur(input);
    await settle();
    expect(input.value).toBe('150');
    await click(mounted.container.querySelector('button')!);
    await waitFor(() => mounted!.container.textContent!.includes('Enter a number from 0 to 100'));
    expect(mounted.container.textContent).toContain('Enter a number from 0 to 100');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('keeps 1.5 in a whole-number field and says so in Chinese', async () => {
    await switchToChinese();
    const onFinish = vi.fn();
    mounted = await mount(<Harness onFinish={onFinish} />);
    const input = mounted.container.querySelector<HTMLInputElement>('input[aria-label="Percent"]')!;
    await type(input, '1.5');
    await blur(input);
    expect(input.value).toBe('1.5');
    await click(mounted.container.querySelector('button')!);
    await waitFor(() => mounted!.container.textContent!.includes('请输入整数'));
    expect(mounted.container.textContent).toContain('请输入整数');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('submits a value in range', async () => {
    const onFinish = vi.fn();
    mounted = await mount(<Harness onFinish={onFinish} />);
    const input = mounted.container.querySelector<HTMLInputElement>('input[aria-label="Percent"]')!;
    await type(input, '100');
    await click(mounted.container.querySelector('button')!);
    await waitFor(() => onFinish.mock.calls.length > 0);
    expect(onFinish).toHaveBeenCalledWith({ percent: 100 });
  });
});

describe('numberProblem and typedToUnits', () => {
  it('names the bound, the decimals, and nothing for an empty value', () => {
    expect(numberProblem(null, { min: 1 })).toBeNull();
    expect(numberProblem(-1, { min: 0 })).toBe('Enter a number of at least 0');
    expect(numberProblem(101, { max: 100 })).toBe('Enter a number of at most 100');
    expect(numberProblem(12.345, { min: 0, decimals: 2 })).toBe('Enter at most 2 decimal places');
    expect(numberProblem(12.34, { min: 0, decimals: 2 })).toBeNull();
  });

  it('rounds float noise only, and leaves a third decimal for the integer schema to refuse', () => {
    expect(typedToUnits(12.34, 100, 2)).toBe(1234);
    expect(typedToUnits(0.29, 100, 2)).toBe(29);
    expect(Number.isInteger(typedToUnits(12.345, 100, 2))).toBe(false);
  });
});
