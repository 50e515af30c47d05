// Issue 14, P3: what the sync engine's observables emit from the background (pulls, rebases,
// status) renders as a React transition, so a tap that comes meanwhile renders first; what a
// tap itself makes them emit (inside presentNow) renders at once, within flushSync.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return {
    ...react,
    startTransition: (fn: () => void) => {
      calls.push('transition');
      fn();
    },
  };
});
vi.mock('react-dom', async (importOriginal) => {
  const dom = await importOriginal<typeof import('react-dom')>();
  return {
    ...dom,
    flushSync: (fn: () => void) => {
      calls.push('flushSync');
      fn();
    },
  };
});

const { deliver, presentNow } = await import('../../src/lib/hooks/use-observable');

beforeEach(() => {
  calls.length = 0;
});

describe('deliver', () => {
  it('sets a background emission inside a transition', () => {
    deliver((v: number) => calls.push(`set ${v}`), 1);
    expect(calls).toEqual(['transition', 'set 1']);
  });

  it('sets what a tap makes emit at once, inside flushSync, with no transition', () => {
    presentNow(() => deliver((v: number) => calls.push(`set ${v}`), 2));
    expect(calls).toEqual(['flushSync', 'set 2']);
  });

  it('goes back to transitions after presentNow, also when its change throws', () => {
    expect(() =>
      presentNow(() => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    deliver((v: number) => calls.push(`set ${v}`), 3);
    expect(calls).toEqual(['flushSync', 'transition', 'set 3']);
  });
});
