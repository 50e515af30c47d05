// A scanned code's feedback on the dock (issue 42): a short beep made by WebAudio (no audio
// file to fetch or cache) and a vibration where the device has one; a refusal sounds and feels
// different (two low buzzes), so a worker looking at the box, not the tablet, knows at once.
// Called in the same task as the code is judged: the sound starts within a frame of the read.

type Kind = 'accepted' | 'refused';

let audio: AudioContext | null | undefined;

function context(): AudioContext | null {
  if (audio !== undefined) return audio;
  const Ctor =
    (globalThis as { AudioContext?: typeof AudioContext }).AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  try {
    audio = Ctor ? new Ctor() : null;
  } catch {
    audio = null;
  }
  return audio;
}

/**
 * Readies the sound while a tap is being handled (a browser lets a page play sound only after
 * the user touched it): the scanner calls it when it opens.
 */
export function primeScanFeedback(): void {
  const ctx = context();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
}

function tone(ctx: AudioContext, at: number, hz: number, ms: number, wave: OscillatorType): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = wave;
  osc.frequency.value = hz;
  // A short ramp at both ends: no click.
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.3, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + ms / 1000 + 0.01);
}

/** One high beep and a short buzz for a code taken; two low beeps and two buzzes for a refusal. */
export function scanFeedback(kind: Kind): void {
  const ctx = context();
  if (ctx) {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const now = ctx.currentTime;
    if (kind === 'accepted') tone(ctx, now, 1_800, 70, 'sine');
    else {
      tone(ctx, now, 320, 120, 'square');
      tone(ctx, now + 0.17, 320, 120, 'square');
    }
  }
  try {
    navigator.vibrate?.(kind === 'accepted' ? 40 : [120, 60, 120]);
  } catch {
    // No vibration here (a desktop, or a browser that refuses it): the sound and the screen say it.
  }
}
