// The Add/Edit Status form (spec 5): key and label both required; the key in
// the server's shape (lower case words joined by underscores), the colour one
// of the badge colours. The messages are read when a value is checked, in the device's
// language (issue 30).
import { t } from '../../lib/i18n';
import { z } from 'zod';
import { STATUS_COLORS } from '../../lib/shipments/shipment-status';

const required = { error: () => t('statusesScreen.required') };

export const statusFormSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, required)
    .transform((k) => k.toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, { error: () => t('statusesScreen.keyFormat') })),
  label: z.string().trim().min(1, required),
  color: z.enum(STATUS_COLORS),
});

export type StatusFormInput = z.input<typeof statusFormSchema>;
export type StatusFormValues = z.output<typeof statusFormSchema>;
