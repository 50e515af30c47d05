// The serial scanner's read loop (src/lib/handover/frame-reads.ts): reads follow the video's
// frames, and a video whose frame callbacks stop (the element stops being drawn, or react-webcam
// puts a new one in its place) does not stop the reading: a loaded CI run once saw the scanner
// take 0 codes for 120 s with its reader 'scanning'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_EVERY_MS, startFrameReads, type FrameVideo } from '../../src/lib/handover/frame-reads';

/** A playing video; `fire()` shows a new frame to whoever asked for one. */
function fakeVideo() {
  let waiting: (() => void)[] = [];
  let asked = 0;
  const video: FrameVideo = {
    readyState: 4,
    videoWidth: 1280,
    requestVideoFrameCallback: (cb) => {
      waiting.push(cb);
      return ++asked;
    },
    cancelVideoFrameCallback: () => {
      waiting = [];
    },
  };
  return {
    video,
    fire() {
      const now = waiting;
      waiting = [];
      for (const cb of now) cb();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the scanner reads the camera', () => {
  it('once a frame while frames come', async () => {
    const cam = fakeVideo();
    const reads: number[] = [];
    const stop = startFrameReads(
      () => cam.video,
      async (_v, n) => {
        reads.push(n);
        return n === 2 ? ['SN-1'] : [];
      },
      (codes) => reads.push(-codes.length),
    );
    await vi.advanceTimersByTimeAsync(READ_EVERY_MS);
    expect(reads).toEqual([1]);
    cam.fire();
    await vi.advanceTimersByTimeAsync(0);
    cam.fire();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([1, 2, -1, 3]);
    stop();
    cam.fire();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toEqual([1, 2, -1, 3]);
  });

  it('goes on reading when the video stops calling back', async () => {
    const cam = fakeVideo();
    let reads = 0;
    const stop = startFrameReads(
      () => cam.video,
      async () => {
        reads++;
        return [];
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(READ_EVERY_MS);
    cam.fire();
    await vi.advanceTimersByTimeAsync(0);
    const before = reads;
    // No frame callback for two seconds: reads go on at least every half second.
    await vi.advanceTimersByTimeAsync(2000);
    expect(reads - before).toBeGreaterThanOrEqual(4);
    stop();
  });

  it('follows a new video element put in place of the first', async () => {
    const first = fakeVideo();
    const second = fakeVideo();
    let current = first;
    const seen: FrameVideo[] = [];
    const stop = startFrameReads(
      () => current.video,
      async (v) => {
        seen.push(v);
        return [];
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(READ_EVERY_MS);
    current = second;
    await vi.advanceTimersByTimeAsync(1000);
    second.fire();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.filter((v) => v === second.video).length).toBeGreaterThanOrEqual(2);
    stop();
  });
});
