import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from './change-password-form.tsx';
import {
  click,
  json,
  mount,
  serve,
  settle,
  setUpFormTests,
  switchToChinese,
  type,
  type TMounted,
} from '../../../test-support/form-harness.tsx';

let view: TMounted;
setUpFormTests(() => view);

const input = (id: string) => view.container.querySelector<HTMLInputElement>(`#${id}`)!;
const submit = async () => {
  await click(view.container.querySelector('button[type="submit"]')!);
  await settle(400);
};

describe('ChangePasswordForm', { timeout: 30_000 }, () => {
  it('states the password rules on the page in both languages', async () => {
    view = await mount(<ChangePasswordForm email="owner@demo.test" onDone={() => {}} />);
    expect(view.container.textContent).toContain('At least 8 characters');
    expect(view.container.textContent).toContain('Not your email address');
    await view.unmount();
    await switchToChinese();
    view = await mount(<ChangePasswordForm email="owner@demo.test" onDone={() => {}} />);
    expect(view.container.textContent).toContain('至少 8 个字符');
    expect(view.container.textContent).toContain('不能是您的邮箱地址');
  });

  it('refuses the account email as the new password and a confirmation that differs, without calling the server', async () => {
    const calls = serve({});
    view = await mount(<ChangePasswordForm email="owner@demo.test" onDone={() => {}} />);
    await type(input('oldPassword'), 'demo1234');
    await type(input('newPassword'), 'owner@demo.test');
    await type(input('confirmPassword'), 'something-else');
    await submit();
    expect(view.container.textContent).toContain('The password must not be your email');
    expect(view.container.textContent).toContain('The two passwords do not match');
    expect(calls).toHaveLength(0);
  });

  it('shows a wrong current password under its field, and the success message after a good change', async () => {
    let wrong = true;
    serve({
      'POST /account/changePassword': () =>
        wrong
          ? json({ code: 40000, message: 'Bad request', errors: { oldPassword: 'The current password is wrong' } }, 400)
          : json({ ok: true, message: 'Your password has been changed. Your other devices have been signed out.' }),
    });
    const onDone = vi.fn();
    view = await mount(<ChangePasswordForm email="owner@demo.test" onDone={onDone} />);
    await type(input('oldPassword'), 'nope-nope');
    await type(input('newPassword'), 'a-new-password');
    await type(input('confirmPassword'), 'a-new-password');
    await submit();
    expect(input('oldPassword').closest('.ant-form-item')!.textContent).toContain('The current password is wrong');

    wrong = false;
    await type(input('oldPassword'), 'demo1234');
    await submit();
    expect(view.container.textContent).toContain('Your password has been changed.');
  });
});
