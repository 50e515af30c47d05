// Spec 5 and 9: the shipping forms' image rules, each form with its messages;
// the camera is for mobile devices (user agent or width <= 768).
import { describe, expect, it } from 'vitest';
import { acceptImages, isAllowedImage } from '../../src/features/hub-ops/image-rules';
import { isMobileDevice } from '../../src/lib/mobile-device';

const png = { type: 'image/png', name: 'a.png' };
const jpg = { type: 'image/jpeg', name: 'b.jpg' };
const gif = { type: 'image/gif', name: 'c.gif' };

describe('image rules', () => {
  it('JPG, JPEG and PNG only (by type, or by name when the type is unknown)', () => {
    expect(isAllowedImage(png)).toBe(true);
    expect(isAllowedImage(jpg)).toBe(true);
    expect(isAllowedImage(gif)).toBe(false);
    expect(isAllowedImage({ type: '', name: 'd.JPEG' })).toBe(true);
    expect(isAllowedImage({ type: '', name: 'e.webp' })).toBe(false);
  });

  it.each([
    ['darat', 'Only JPG and PNG files are allowed', 'Maximum 2 images allowed'],
    ['poljak', 'Hanya file JPG dan PNG yang diperbolehkan', 'Maksimal 2 gambar'],
    ['polsub', 'Hanya file JPG, JPEG, dan PNG yang diperbolehkan', 'Maksimal 2 gambar yang dapat diunggah'],
  ] as const)('%s: type says %s, over two says %s', (form, typeMessage, maxMessage) => {
    expect(acceptImages(form, 0, [png, jpg])).toEqual({ accepted: [png, jpg], error: null });
    expect(acceptImages(form, 1, [jpg])).toEqual({ accepted: [jpg], error: null });
    expect(acceptImages(form, 0, [png, gif])).toEqual({ accepted: [], error: typeMessage });
    expect(acceptImages(form, 1, [png, jpg])).toEqual({ accepted: [], error: maxMessage });
    expect(acceptImages(form, 2, [png])).toEqual({ accepted: [], error: maxMessage });
  });
});

describe('the camera is for mobile devices', () => {
  const desktop =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
  it.each([
    [desktop, 1280, false],
    [desktop, 768, true],
    [desktop, 769, false],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/140.0 Safari/537.36', 1280, true],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 1180, true],
  ] as const)('%s at %ipx: %s', (agent, width, mobile) => {
    expect(isMobileDevice(agent, width)).toBe(mobile);
  });
});
