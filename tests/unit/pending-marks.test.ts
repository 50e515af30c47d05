// Issue 14, P3: the "waiting to sync" markers as a store read per card. A change of the
// outbox tells only the readers of the ids whose marker changed.
import { describe, expect, it } from 'vitest';
import { PendingMarks } from '../../src/lib/pending-marks';

describe('PendingMarks', () => {
  it('answers for the set it was last given', () => {
    const marks = new PendingMarks();
    expect(marks.has('a')).toBe(false);
    marks.update(new Set(['a', 'b']));
    expect(marks.has('a')).toBe(true);
    expect(marks.has('c')).toBe(false);
    marks.update(new Set(['c']));
    expect([marks.has('a'), marks.has('b'), marks.has('c')]).toEqual([false, false, true]);
  });

  it('tells the readers of an id only when its marker changes', () => {
    const marks = new PendingMarks();
    const told: string[] = [];
    for (const id of ['a', 'b', 'c']) marks.subscribe(id, () => told.push(`${id}:${marks.has(id)}`));
    marks.update(new Set(['a']));
    expect(told).toEqual(['a:true']);
    // Another command on a row already pending, and one on a row nobody reads: nobody is told.
    marks.update(new Set(['a', 'zzz']));
    expect(told).toEqual(['a:true']);
    marks.update(new Set(['b']));
    expect(told.sort()).toEqual(['a:false', 'a:true', 'b:true'].sort());
  });

  it('tells every reader of an id, and no longer one that unsubscribed', () => {
    const marks = new PendingMarks();
    let first = 0;
    let second = 0;
    const stopFirst = marks.subscribe('a', () => first++);
    marks.subscribe('a', () => second++);
    marks.update(new Set(['a']));
    expect([first, second]).toEqual([1, 1]);
    stopFirst();
    marks.update(new Set());
    expect([first, second]).toEqual([1, 2]);
  });
});
