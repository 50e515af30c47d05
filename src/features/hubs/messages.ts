// Hub Management's toasts, for the forms' callbacks. Since issue 30 the text lives in the
// catalogues (src/lib/i18n/screens-manage-*.ts, key hubsScreen): read at the moment a toast is
// shown, in the device's language.
import { t } from '../../lib/i18n';

export const HUB_TOAST = {
  get saved(): string {
    return t('hubsScreen.saved');
  },
  get updated(): string {
    return t('hubsScreen.updated');
  },
  get deleted(): string {
    return t('hubsScreen.deleted');
  },
  get saveFailed(): string {
    return t('hubsScreen.saveFailed');
  },
  get updateFailed(): string {
    return t('hubsScreen.updateFailed');
  },
  get deleteFailed(): string {
    return t('hubsScreen.deleteFailed');
  },
  get capacitySaved(): string {
    return t('hubsScreen.capacitySaved');
  },
};
