export interface TDebounced<This, Args extends unknown[]> {
  (this: This, ...args: Args): void;
  /** Drops a pending trailing call and, in immediate mode, lets the next call fire at once. */
  cancel(): void;
}

/**
 * SPEC 9 debounce. Trailing mode (default): `fn` runs once, `wait` ms after the last call, with the
 * last call's arguments and `this`. Immediate mode: `fn` runs on the first call, and calls keep it
 * quiet until `wait` ms pass with no calls at all (each call restarts the quiet period), so a
 * double-clicked button submits once.
 */
export function debounce<This, Args extends unknown[]>(
  fn: (this: This, ...args: Args) => unknown,
  wait: number,
  immediate = false,
): TDebounced<This, Args> {
  // setTimeout's handle is a number in the browser and an object in node.
  let timer: ReturnType<typeof setTimeout> | undefined;

  const debounced = function (this: This, ...args: Args): void {
    const isQuiet = timer === undefined;
    if (timer !== undefined) clearTimeout(timer);
    if (immediate) {
      timer = setTimeout(() => {
        timer = undefined;
      }, wait);
      if (isQuiet) fn.apply(this, args);
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      fn.apply(this, args);
    }, wait);
  } as TDebounced<This, Args>;

  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return debounced;
}
