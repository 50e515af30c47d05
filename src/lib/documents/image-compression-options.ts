// The options every photo is compressed with before it is queued for upload: about 1600 px
// on the long side, well under 1 MB (architecture point 6). A module of its own, free of
// browser imports, so the browser benchmark (tests/bench/browser.ts) compresses with exactly
// these.
export const IMAGE_COMPRESSION_OPTIONS = {
  maxWidthOrHeight: 1600,
  maxSizeMB: 0.8,
  useWebWorker: true,
} as const;
