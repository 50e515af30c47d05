// The serial scanner's read loop (issue 42), apart from React: a read on every new video frame
// (requestVideoFrameCallback, else every READ_EVERY_MS) as soon as the previous read is done,
// so a code is found within a frame or two of being shown. A video's frame callbacks can stop
// (Chromium calls back only while the element is drawn, and react-webcam may put a new element
// in its place): the tick keeps watch and reads on by itself until frames come again.
export const READ_EVERY_MS = 40;
/** No frame callback for this long: the tick reads and asks the current video again. */
export const STALLED_MS = 400;

export type FrameVideo = Pick<HTMLVideoElement, 'readyState' | 'videoWidth'> & {
  requestVideoFrameCallback?: (cb: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * Reads `video()` with `read` until the returned stop is called: on each new frame when no read
 * is running, and at once after a read during which a frame came (a read may take longer than a
 * frame). `read` gets the read's number (1, 2, ...) and resolves to the codes it found.
 */
export function startFrameReads<V extends FrameVideo>(
  video: () => V | null | undefined,
  read: (video: V, n: number) => Promise<string[]>,
  onCodes: (codes: string[]) => void,
): () => void {
  let stopped = false;
  let frame: { video: V; handle: number } | undefined;
  let frames = 0;
  let reads = 0;
  let busy = false;
  const readOnce = async () => {
    const v = video();
    if (busy || !v || v.readyState < 2 || v.videoWidth === 0) return;
    busy = true;
    const at = frames;
    const texts = await read(v, ++reads).catch(() => []);
    busy = false;
    if (stopped) return;
    if (texts.length > 0) onCodes(texts);
    if (frames > at) void readOnce();
  };
  let lastFrame = 0;
  const onFrame = () => {
    frame = undefined;
    if (stopped) return;
    lastFrame = Date.now();
    frames++;
    void readOnce();
    const v = video();
    if (v?.requestVideoFrameCallback) frame = { video: v, handle: v.requestVideoFrameCallback(onFrame) };
  };
  // Every READ_EVERY_MS: nothing while frames call back; a read where the video has no frame
  // callbacks (or is not there yet); a fresh start on the current video when they stalled.
  const timer = setInterval(() => {
    const v = video();
    if (frame && frame.video === v && Date.now() - lastFrame < STALLED_MS) return;
    if (frame) {
      frame.video.cancelVideoFrameCallback?.(frame.handle);
      frame = undefined;
    }
    if (v?.requestVideoFrameCallback && v.readyState >= 2) onFrame();
    else {
      frames++;
      void readOnce();
    }
  }, READ_EVERY_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
    if (frame) frame.video.cancelVideoFrameCallback?.(frame.handle);
  };
}
