import { startTransition, useEffect, useState } from 'react';

/**
 * False while a component is first drawn, true from the render after: a transition started once
 * the first commit's effects run, so what it gates is drawn in a commit of its own, in short slices.
 *
 * The frame uses it for its top bar and tags (issue 21). Their tooltips and menus (eleven
 * `@rc-component/trigger` instances on the home page) each set state as they mount, which made the
 * signed-in page's first commit render again at once and run every effect of the new page in the
 * same task: about 150 of that task's 250 ms on a 4x slower phone, most of Lighthouse's blocking
 * time there. Drawn one commit later, they cost that in a task of their own, after the page has
 * painted (docs/performance.md).
 */
export function useAfterFirstCommit(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    startTransition(() => setAfter(true));
  }, []);
  return after;
}
