// A local read that fails is said, not swallowed (issue 25): watchRead passes values on,
// reports an observable's error to the shell's list of failing reads (src/lib/read-errors.ts),
// and clears it when the read answers again or its screen goes away.
import { Subject, throwError } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readErrors, watchRead } from '../../src/lib/read-errors';

describe('failing local reads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes values on and lists nothing while the read works', () => {
    const source = new Subject<number>();
    const values: number[] = [];
    const stop = watchRead<number>(source, 'vehicles:a', (v) => values.push(v), () => undefined);
    source.next(1);
    source.next(2);
    expect(values).toEqual([1, 2]);
    expect(readErrors.current()).toEqual([]);
    stop();
  });

  it('lists a failed read with its message for the shell, and tells the screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const errors: unknown[] = [];
    const before = readErrors.current();
    const stop = watchRead(
      throwError(() => new Error('IndexedDB hilang')),
      'shipments:b',
      () => undefined,
      (e) => errors.push(e),
    );
    expect(errors).toHaveLength(1);
    expect(readErrors.current()).toEqual([{ key: 'shipments:b', message: 'IndexedDB hilang' }]);
    expect(readErrors.current()).not.toBe(before);
    // The screen goes away: its failure goes with it.
    stop();
    expect(readErrors.current()).toEqual([]);
  });

  it('clears the failure when the same read answers again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = new Subject<number>();
    const stopFailing = watchRead(failing, 'inventory:c', () => undefined, () => undefined);
    failing.error(new Error('query rusak'));
    expect(readErrors.current().map((e) => e.key)).toEqual(['inventory:c']);
    const again = new Subject<number>();
    const stopAgain = watchRead(again, 'inventory:c', () => undefined, () => undefined);
    again.next(3);
    expect(readErrors.current()).toEqual([]);
    stopFailing();
    stopAgain();
  });

  it('tells its listeners, and keeps the same list while nothing changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard = vi.fn();
    const unsubscribe = readErrors.subscribe(heard);
    readErrors.report('k', new Error('x'));
    const list = readErrors.current();
    readErrors.report('k', new Error('x'));
    expect(readErrors.current()).toBe(list);
    expect(heard).toHaveBeenCalledTimes(1);
    readErrors.clear('k');
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
