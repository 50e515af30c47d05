// Status Shipment Management's messages for code outside the components (the form's rules, the
// procedures' failures, the toasts). Since issue 30 the text lives in the catalogues
// (src/lib/i18n/screens-manage-*.ts, key statusesScreen): read at the moment a message is
// shown, in the device's language.
import { t } from '../../lib/i18n';

// spec 5 and 8.4
export const MESSAGE = {
  get required(): string {
    return t('statusesScreen.required');
  },
  /** As the server says it, without the key. */
  get keyFormat(): string {
    return t('statusesScreen.keyFormat');
  },
};
export const FAILURE = {
  get inUse(): string {
    return t('statusesScreen.failure.inUse');
  },
  get verifyUsage(): string {
    return t('statusesScreen.failure.verifyUsage');
  },
  get updateDb(): string {
    return t('statusesScreen.failure.updateDb');
  },
  get update(): string {
    return t('statusesScreen.failure.update');
  },
  get deleteDb(): string {
    return t('statusesScreen.failure.deleteDb');
  },
  get delete(): string {
    return t('statusesScreen.failure.delete');
  },
  get addDb(): string {
    return t('statusesScreen.failure.addDb');
  },
  get add(): string {
    return t('statusesScreen.failure.add');
  },
};
export const SUCCESS = {
  get updated(): string {
    return t('statusesScreen.success.updated');
  },
  get deleted(): string {
    return t('statusesScreen.success.deleted');
  },
  get added(): string {
    return t('statusesScreen.success.added');
  },
};
