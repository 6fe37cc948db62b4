import { z } from 'zod';
import { TEAM_MESSAGES } from '../team/team.messages.ts';
import { PASSWORD_MAX_UNITS, passwordProblems } from '../team/team.schemas.ts';
import { zText } from '../validation/text.ts';
import { ZLoginEmail } from './auth.schemas.ts';

// --- forgot password ------------------------------------------------------------------------

/** POST /api/account/forgotPassword: the answer is the same whether or not the email has an account. */
export const ZForgotPasswordRequest = z.object({ email: ZLoginEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;
export const ZForgotPasswordResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;

/**
 * POST /api/account/resetPassword: the emailed token and the new password, under the rules of
 * change password (packages/shared/src/team/team.schemas.ts `passwordProblems`; the email rule is
 * applied by the server, which knows the account).
 */
export const ZResetPasswordRequest = z
  .object({
    token: zText().trim().min(20).max(200),
    newPassword: zText({ error: TEAM_MESSAGES['team.passwordRequired'].en })
      .min(1, TEAM_MESSAGES['team.passwordRequired'].en)
      .max(PASSWORD_MAX_UNITS, TEAM_MESSAGES['team.passwordTooLong'].en),
    confirmPassword: zText({ error: TEAM_MESSAGES['team.passwordMismatch'].en }).max(
      PASSWORD_MAX_UNITS,
      TEAM_MESSAGES['team.passwordMismatch'].en,
    ),
  })
  .superRefine((body, ctx) => {
    const [problem] = passwordProblems(body.newPassword);
    if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: TEAM_MESSAGES[problem].en });
    if (body.confirmPassword !== body.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: TEAM_MESSAGES['team.passwordMismatch'].en });
    }
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
export const ZResetPasswordResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TResetPasswordResponse = z.infer<typeof ZResetPasswordResponse>;
