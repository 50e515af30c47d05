// The Add/Edit Status form (spec 5): key and label both required; the key in
// the server's shape (lower case words joined by underscores), the colour one
// of the badge colours.
import { z } from 'zod';
import { STATUS_COLORS } from '../../lib/shipment-status';
import { REQUIRED } from './messages';

export const KEY_FORMAT =
  'Status key must be lower case letters and digits joined by underscores, like otw_makassar'; // as the server says it

export const statusFormSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .transform((k) => k.toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, KEY_FORMAT)),
  label: z.string().trim().min(1, REQUIRED),
  color: z.enum(STATUS_COLORS),
});

export type StatusFormInput = z.input<typeof statusFormSchema>;
export type StatusFormValues = z.output<typeof statusFormSchema>;
