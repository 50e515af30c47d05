// Inventory Master's messages for code outside the components (the forms' rules, the toasts).
// Since issue 30 the text lives in the catalogues (src/lib/i18n/screens-data-*.ts, key
// inventory): read at the moment a message is shown, in the device's language.
import { t } from '../../lib/i18n';

/** Data, not text: the warehouse the add dialog offers (spec 5). */
export const KARAWANG_WAREHOUSE = 'Gudang Karawang';

export const TOAST = {
  get inventoryAdded(): string {
    return t('inventory.toast.inventoryAdded');
  },
  get warehouseAdded(): string {
    return t('inventory.toast.warehouseAdded');
  },
};
export const FAILURE = {
  get addInventory(): string {
    return t('inventory.failure.addInventory');
  },
  get addWarehouse(): string {
    return t('inventory.failure.addWarehouse');
  },
};
export const MESSAGE = {
  get chooseWarehouse(): string {
    return t('inventory.message.chooseWarehouse');
  },
  get chooseDate(): string {
    return t('inventory.message.chooseDate');
  },
  get smartboardNotNegative(): string {
    return t('inventory.message.smartboardNotNegative');
  },
  get bracketNotNegative(): string {
    return t('inventory.message.bracketNotNegative');
  },
  get warehouseNameRequired(): string {
    return t('inventory.message.warehouseNameRequired');
  },
  get warehouseNameTooLong(): string {
    return t('inventory.message.warehouseNameTooLong');
  },
};
