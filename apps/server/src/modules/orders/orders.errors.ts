import { ERROR_CODES } from '@ra/shared/errors';
import { ORDER_CHANGE_MESSAGES, pastDayChangeMessage, type TOrderChangeKind } from '@ra/shared/orders/order-changes';
import { AppError, FieldError } from '../../lib/errors.ts';

export const TIME_ZONE_REQUIRED_MESSAGE =
  'Please choose the restaurant’s time zone before sending orders: every figure is filed under a business day of that zone';

/** 409: the restaurant has no time zone yet (SPEC 4), so no order can be given a business day. */
export const timeZoneRequired = () => new AppError(409, ERROR_CODES.conflict, TIME_ZONE_REQUIRED_MESSAGE);

/** 403: a push would change an order of an ended business day in a way the caller's flags do not cover. */
export const pastDayChangeRefused = (values: { day: string; posOrderId: string; kinds: readonly TOrderChangeKind[] }) =>
  new AppError(403, ERROR_CODES.forbidden, pastDayChangeMessage('en', values));

/** 400 naming every instant of the push that lies too far in the future. */
export function datedInFuture(paths: readonly string[]): FieldError {
  const message = ORDER_CHANGE_MESSAGES['orders.inFuture'].en;
  const error = new FieldError(paths[0] ?? 'openedAt', message);
  for (const path of paths.slice(1)) error.errors[path] = message;
  return error;
}
