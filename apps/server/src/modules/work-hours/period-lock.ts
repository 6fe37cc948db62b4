import type { Database } from '../../db/client.ts';

/** A pay period closing (locking) or reopening, as other modules hear of it. */
export interface TPeriodLockEvent {
  kind: 'close' | 'reopen';
  restaurantId: number;
  start: string;
  end: string;
  userId: number;
  at: Date;
}
/** Runs inside the close/reopen transaction (`tx`): a throw undoes the close or reopen. */
export type TPeriodLockListener = (event: TPeriodLockEvent, tx: Database) => Promise<void>;
/** Per employee (user id), the tips the tips module allocated for a pay period, cents. */
export type TPayrollTips = (restaurantId: number, start: string) => Promise<Map<number, number> | null>;
