import type { TFunction } from 'i18next';
import type { TMenuProblem } from '@ra/shared/delivery/delivery.schemas';

/** One refusal in the interface language: what is wrong and the platform's limit. */
export function problemText(t: TFunction, problem: TMenuProblem): string {
  return t(`delivery:problem.${problem.problem}`, {
    limit: problem.limit,
    actual: problem.actual,
    group: problem.group ?? '',
  });
}
