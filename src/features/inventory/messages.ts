// Inventory Master's messages for code outside the components (the forms' rules, the toasts).
// Since issue 30 the text lives in the catalogues (src/lib/i18n/screens-data-*.ts, key
// inventory): read at the moment a message is shown, in the device's language.

/** Data, not text: the warehouse the add dialog offers (spec 5). */
export const KARAWANG_WAREHOUSE = 'Gudang Karawang';
