import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAcquireTokenRequest,
  ZAcquireTokenResponse,
  ZOkResponse,
  ZPreloginQuery,
  ZPreloginResponse,
  ZSigninRequest,
  ZSigninResponse,
  ZSwitchRestRequest,
  ZSwitchRestResponse,
  ZUnlockRequest,
  ZUserInfo,
} from '@ra/shared/auth/auth.schemas';
import {
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZResetPasswordRequest,
  ZResetPasswordResponse,
} from '@ra/shared/auth/password-reset.schemas';
import { AUTH_MESSAGES } from '@ra/shared/auth/auth.messages';
import { ZChangePasswordRequest, ZChangePasswordResponse } from '@ra/shared/team/team.schemas';
import { ERROR_CODES } from '@ra/shared/errors';
import { AppError } from '../../lib/errors.ts';
import { authOf } from '../../plugins/access-control.ts';
import type { AccountService, TRequestMeta } from './account.service.ts';

function metaOf(request: FastifyRequest): TRequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: agent ? agent.slice(0, 500) : null };
}

/** SPEC 7 account calls: sign-in, token exchange, sign-out, restaurant switch, lock screen, user info. */
export function accountRoutes(service: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/account/prelogin', {
      schema: {
        tags: ['account'],
        summary: 'First step of sign-in; echoes the normalised email and says nothing about the account',
        querystring: ZPreloginQuery,
        response: { 200: ZPreloginResponse },
      },
      config: { access: { kind: 'public' } },
      handler: async (request) => ({ email: request.query.data.toLowerCase() }),
    });

    app.post('/api/account/signin', {
      schema: {
        tags: ['account'],
        summary: 'Sign in with email and password (and the emailed code when the account requires one)',
        description:
          'Failure is 400 / 40001 whatever the reason; 429 / 42900 after too many failures; ' +
          '200 { emailVerificationRequired } when a code has just been emailed; 400 / 40002 for a wrong code; ' +
          '503 / 50300 when the email could not be sent.',
        body: ZSigninRequest,
        response: { 200: ZSigninResponse },
      },
      config: { access: { kind: 'public' }, rateLimited: true },
      handler: (request) => service.signin(request.body, metaOf(request)),
    });

    app.post('/api/account/acquireToken', {
      schema: {
        tags: ['account'],
        summary: 'Exchange the current token for a fresh one on the same session',
        description:
          'The token in the Authorization header is the one exchanged; oldjwtToken is accepted for the SPEC 7 client and ignored. ' +
          'The answer also carries userInfo, what getUserInfo answers for the token, so sign-in needs no call for it.',
        body: ZAcquireTokenRequest.nullish(),
        response: { 200: ZAcquireTokenResponse },
      },
      config: { access: { kind: 'authenticated' } },
      handler: (request) => service.acquireToken(authOf(request)),
    });

    app.get('/api/account/logout', {
      schema: {
        tags: ['account'],
        summary: 'Sign out: the token stops working at once',
        description:
          'Only with the token in the Authorization header (403 otherwise): the Admin-Token cookie rides along ' +
          'on any link to this address, and a link must not be able to sign anyone out.',
        response: { 200: ZOkResponse },
      },
      // SPEC 7 makes sign-out a GET, yet it ends a session: decided and forgotten like a write.
      config: { access: { kind: 'authenticated' }, writes: true },
      handler: (request) => {
        if (!request.headers.authorization?.trim()) {
          throw new AppError(403, ERROR_CODES.forbidden, AUTH_MESSAGES.logoutNeedsHeader.en);
        }
        return service.logout(authOf(request));
      },
    });

    app.post('/api/account/swtichRestByXid', {
      schema: {
        tags: ['account'],
        summary: "Select the restaurant this session works on (agents: any restaurant under the agent's node)",
        body: ZSwitchRestRequest,
        response: { 200: ZSwitchRestResponse },
      },
      config: { access: { kind: 'authenticated' } },
      handler: (request) => service.switchRestaurant(authOf(request), request.body.xid),
    });

    app.post('/api/account/unlock', {
      schema: {
        tags: ['account'],
        summary: 'Lock screen: check the signed-in user’s password',
        description:
          '400 / 40001 for a wrong password. Wrong tries do not count toward sign-in; the 5th in a row on one ' +
          'session ends it (401 / 50012).',
        body: ZUnlockRequest,
        response: { 200: ZOkResponse },
      },
      config: { access: { kind: 'authenticated' } },
      handler: (request) => service.unlock(authOf(request), request.body.password),
    });

    app.post('/api/account/forgotPassword', {
      schema: {
        tags: ['account'],
        summary: 'Email a link to reset the password; the same answer whether or not the email has an account',
        description:
          'The link works once, for 30 minutes. At most 3 emails per address per hour (further requests get the ' +
          'same answer and no email); 429 / 42900 after 10 requests from one client address in an hour.',
        body: ZForgotPasswordRequest,
        response: { 200: ZForgotPasswordResponse },
      },
      config: { access: { kind: 'public' }, rateLimited: true },
      handler: (request) =>
        service.requestPasswordReset(request.body, metaOf(request), `${request.protocol}://${request.host}`),
    });

    app.post('/api/account/resetPassword', {
      schema: {
        tags: ['account'],
        summary: 'Set a new password from an emailed reset link; every session of the account ends',
        description:
          'Rules of change password. 400 with the reset-link message when the link is unknown, expired or used.',
        body: ZResetPasswordRequest,
        response: { 200: ZResetPasswordResponse },
      },
      config: { access: { kind: 'public' } },
      handler: (request) => service.resetPassword(request.body, metaOf(request)),
    });

    app.post('/api/account/changePassword', {
      schema: {
        tags: ['account'],
        summary: 'Change the signed-in user’s password; their other sessions end',
        description:
          'Rules: at least 8 characters, not the account email, new and confirmation equal. ' +
          '400 { errors.oldPassword: "The current password is wrong" }; wrong tries count towards the sign-in limit (429).',
        body: ZChangePasswordRequest,
        response: { 200: ZChangePasswordResponse },
      },
      config: { access: { kind: 'authenticated' } },
      handler: (request) => service.changePassword(authOf(request), request.body, metaOf(request)),
    });

    app.get('/api/api/getUserInfo', {
      schema: { tags: ['account'], summary: 'Who is signed in', response: { 200: ZUserInfo } },
      config: { access: { kind: 'authenticated' } },
      handler: async (request) => service.userInfo(authOf(request)),
    });
  };
}
