// Vendor Detail's messages for code outside the components (Save All Vehicles' plan, its
// toasts). Since issue 30 the text lives in the catalogues (src/lib/i18n/screens-manage-*.ts,
// key vendors.detail): read at the moment a message is shown, in the device's language.
import { t } from '../../lib/i18n';

export const requiredFor = (plate: string): string =>
  t('vendors.detail.requiredFor', { plate: withPlate(plate) });
/** A row named by its plate, or 'without plate' (spec 5). */
export const withPlate = (plate: string): string => plate.trim() || t('vendors.detail.withoutPlate');
export const saved = (n: number): string => t('vendors.detail.saved', { n });
