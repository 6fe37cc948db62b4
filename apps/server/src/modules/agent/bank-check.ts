import type { Database } from '../../db/client.ts';

/** Whether an agent node has a linked, verified bank account (business-info domain, SPEC 4 "Bank account"). */
export type TBankCheck = (db: Database, nodeId: number) => Promise<boolean>;

/**
 * The business-info domain owns bank accounts and answers `isBankVerified(db, nodeId)` from
 * modules/business/bank-status.ts. It is looked up when first needed, so this module builds and runs
 * whether or not that domain is installed; without it no bank counts as verified and paying is
 * refused with SPEC 5's 'Please link bank information first'.
 */
export const defaultBankCheck: TBankCheck = async (db, nodeId) => {
  const modulePath = '../business/bank-status.ts';
  let check: TBankCheck | undefined;
  try {
    const loaded = (await import(/* @vite-ignore */ modulePath)) as { isBankVerified?: TBankCheck };
    check = loaded.isBankVerified;
  } catch {
    check = undefined;
  }
  return check ? check(db, nodeId) : false;
};
