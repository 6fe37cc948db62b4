import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('debounce (trailing, the default)', () => {
  it('does not call the function until the wait has passed', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced();
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('collapses a burst of calls into one call with the last arguments', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced('a');
    debounced('b');
    debounced('c');
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('c');
  });

  it('restarts the wait on every call', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced();
    vi.advanceTimersByTime(60);
    debounced();
    vi.advanceTimersByTime(60);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(40);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('calls again for a call made after a quiet period', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced(1);
    vi.advanceTimersByTime(100);
    debounced(2);
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([[1], [2]]);
  });

  it('keeps the `this` of the last call', () => {
    const seen: unknown[] = [];
    const debounced = debounce(function (this: { id: number }) {
      seen.push(this.id);
    }, 50);
    const target = { id: 7, debounced };
    target.debounced();
    vi.advanceTimersByTime(50);
    expect(seen).toEqual([7]);
  });

  it('drops the pending call on cancel()', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });

  it('still works after cancel()', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced();
    debounced.cancel();
    debounced('again');
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledExactlyOnceWith('again');
  });
});

describe('debounce (immediate)', () => {
  it('calls the function at once on the leading edge', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100, true);
    debounced('first');
    expect(fn).toHaveBeenCalledExactlyOnceWith('first');
  });

  it('ignores calls during the wait and does not fire again on the trailing edge', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100, true);
    debounced('first');
    debounced('second');
    debounced('third');
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledExactlyOnceWith('first');
  });

  it('stays quiet while calls keep arriving within the wait', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100, true);
    debounced();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(80);
      debounced();
    }
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('fires again once the wait has passed without calls', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100, true);
    debounced(1);
    vi.advanceTimersByTime(100);
    debounced(2);
    expect(fn.mock.calls).toEqual([[1], [2]]);
  });

  it('fires at once after cancel() instead of waiting out the quiet period', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100, true);
    debounced(1);
    debounced.cancel();
    debounced(2);
    expect(fn.mock.calls).toEqual([[1], [2]]);
  });
});
