import { describe, expect, it } from 'vitest';
import { EmployeeForm } from './employee-form.tsx';
import {
  click,
  json,
  mount,
  serve,
  settle,
  setUpFormTests,
  switchToChinese,
  type,
  waitFor,
  type TMounted,
} from '../../../test-support/form-harness.tsx';

let view: TMounted;
setUpFormTests(() => view);

const roles = { roles: [{ id: 3, name: 'Cashier', flags: {}, memberCount: 0, updatedAt: '' }] };
const input = (id: string) => view.container.querySelector<HTMLInputElement>(`#${id}`)!;
const submit = async () => {
  await click(view.container.querySelector('button[type="submit"]')!);
  await settle(400);
};

describe('EmployeeForm', { timeout: 30_000 }, () => {
  it('refuses a bad email and a PIN with letters before calling the server, with the SPEC 5 message', async () => {
    const calls = serve({ 'GET /api/getrestperm': () => json(roles) });
    view = await mount(<EmployeeForm employeeId={null} onDone={() => {}} onCancel={() => {}} />);
    await type(input('firstName'), 'Ana');
    await type(input('lastName'), 'Lopez');
    await type(input('email'), 'ana@demo');
    await type(input('pin'), '12ab');
    await submit();
    await waitFor(() => view.container.querySelectorAll('.ant-form-item-explain-error').length >= 3);
    const text = view.container.textContent ?? '';
    expect(text).toContain('Please enter the correct email address');
    expect(text).toContain('PIN must be 4 to 8 digits');
    expect(text).toContain('Please select at least one role');
    expect(calls.some((c) => c.key === 'POST /api/user')).toBe(false);
  });

  it('shows the form and its messages in Chinese', async () => {
    await switchToChinese();
    serve({ 'GET /api/getrestperm': () => json(roles) });
    view = await mount(<EmployeeForm employeeId={null} onDone={() => {}} onCancel={() => {}} />);
    await type(input('email'), 'not-an-email');
    await submit();
    await waitFor(() => view.container.querySelectorAll('.ant-form-item-explain-error').length >= 4);
    const text = view.container.textContent ?? '';
    expect(text).toContain('名字');
    expect(text).toContain('请输入正确的邮箱地址');
    expect(text).toContain('请输入名字');
  });

  it('puts the server refusal of a taken PIN under the PIN field', async () => {
    await switchToChinese();
    serve({
      'GET /api/getrestperm': () => json(roles),
      'GET /api/user/7': () =>
        json({
          id: 7,
          xid: 'x',
          firstName: 'Ana',
          lastName: 'Lopez',
          fullname: 'Ana Lopez',
          employeeNumber: null,
          email: 'ana@demo.test',
          status: 'active',
          roles: [{ id: 3, name: 'Cashier' }],
          hasPin: true,
          hasPassword: false,
          authorizedRepresentative: false,
          createdAt: '',
          updatedAt: '',
          deletedAt: null,
        }),
      'PUT /api/user/7': () =>
        json(
          { code: 40000, message: 'Bad request', errors: { pin: 'This PIN is already used by another employee' } },
          400,
        ),
    });
    view = await mount(<EmployeeForm employeeId={7} onDone={() => {}} onCancel={() => {}} />);
    await settle(100);
    await type(input('pin'), '4821');
    await submit();
    await waitFor(() => (input('pin').closest('.ant-form-item')!.textContent ?? '').includes('该 PIN'));
    const pinItem = input('pin').closest('.ant-form-item')!;
    expect(pinItem.textContent).toContain('该 PIN 码已被其他员工使用');
  });
});
