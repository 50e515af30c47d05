// Spec 5 and 9: the shipping forms take at most two images, JPG/JPEG or PNG,
// each form with its own messages.
import { IMAGE_RULES } from './messages';

export const MAX_IMAGES = 2;
/** The rule a refused batch broke. */
export type ImageRule = 'type' | 'max';
const TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png']);
const EXTENSIONS = /\.(jpe?g|png)$/i;

export function isAllowedImage(file: { type: string; name?: string }): boolean {
  if (file.type) return TYPES.has(file.type.toLowerCase());
  return EXTENSIONS.test(file.name ?? '');
}

/**
 * The files to add to those already chosen, or the form's message: a file of
 * another type refuses the batch, as does going over two images.
 */
export function acceptImages<F extends { type: string; name?: string }>(
  form: keyof typeof IMAGE_RULES,
  already: number,
  files: readonly F[],
): { accepted: F[]; error: string | null } {
  const rule = refusedBy(already, files);
  // The form's message is read now, in the device's language.
  return rule ? { accepted: [], error: IMAGE_RULES[form][rule] } : { accepted: [...files], error: null };
}

/** The rule a batch of files breaks (a file of another type, or more than two images), or null. */
export function refusedBy(
  already: number,
  files: readonly { type: string; name?: string }[],
): ImageRule | null {
  if (files.some((f) => !isAllowedImage(f))) return 'type';
  if (already + files.length > MAX_IMAGES) return 'max';
  return null;
}
