// English for the texts of src/lib's shared modules (issue 30): the same keys as lib-id.ts.
import type { libId } from './lib-id';

export const libEn: typeof libId = {};
