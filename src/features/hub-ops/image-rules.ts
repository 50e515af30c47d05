// Spec 5 and 9: the shipping forms take at most two images, JPG/JPEG or PNG,
// each form with its own messages.
import { IMAGE_RULES } from './messages';

export const MAX_IMAGES = 2;
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
  const rules = IMAGE_RULES[form];
  if (files.some((f) => !isAllowedImage(f))) return { accepted: [], error: rules.type };
  if (already + files.length > MAX_IMAGES) return { accepted: [], error: rules.max };
  return { accepted: [...files], error: null };
}
