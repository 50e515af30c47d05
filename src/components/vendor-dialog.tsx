// Tambah Vendor and Edit Vendor (spec 2.9, 5, 8.2, 8.3): name required, contact and
// phone optional. An edit sends only the fields that changed, so two users editing
// different fields both keep their change (docs/sync.md). Built on the form pattern
// (FormDialog + useCommandForm).
import type { Vendor } from '../../sync/pure';
import { FormDialog, useFormDialog } from './form-dialog';
import { useT } from '../lib/i18n';
import { checkAddVendor, checkEditVendor } from '../lib/writes/master-data-forms';
import { sendChecked } from '../lib/writes/use-command-form';

/** Without `vendor` it adds one (and reports its id through onAdded); with it, it edits that one. */
export function VendorDialog({
  vendor,
  onClose,
  onAdded,
}: {
  vendor?: Vendor;
  onClose: () => void;
  onAdded?: (vendorId: string) => void;
}) {
  const t = useT();
  const prefix = vendor ? 'edit-vendor' : 'vendor';
  const { Field, dialog } = useFormDialog({
    onClose,
    defaultValues: {
      name: vendor?.name ?? '',
      contact_person: vendor?.contact_person ?? '',
      phone: vendor?.phone ?? '',
    },
    submit: (values) => {
      if (!vendor)
        return sendChecked('add_vendor', checkAddVendor(values), {
          success: t('masterData.toast.vendorAdded'),
          failure: () => t('masterData.failure.addVendor'),
        });
      const checked = checkEditVendor(vendor, values);
      if (!checked.ok) return checked;
      // An edit that changes nothing sends nothing.
      if (!checked.payload) return null;
      return {
        command: 'edit_vendor',
        payload: checked.payload,
        success: t('masterData.toast.vendorUpdated'),
        failure: () => t('masterData.failure.updateVendor'),
      };
    },
    onDone: (_values, payload) => {
      if (!vendor && payload) onAdded?.(payload.vendor_id as string);
      onClose();
    },
  });

  return (
    <FormDialog
      title={vendor ? t('common.editVendor') : t('hubOps.page.toolbar.addVendor')}
      description={vendor?.name ?? t('vendors.dialog.addDescription')}
      testId={`${prefix}-dialog`}
      {...dialog}
    >
      <Field.Text name="name" id={`${prefix}-name`} label={t('common.vendorName')} />
      <Field.Text name="contact_person" id={`${prefix}-contact`} label={t('vendors.dialog.contact')} />
      <Field.Text name="phone" id={`${prefix}-phone`} type="tel" label={t('vendors.dialog.phone')} />
    </FormDialog>
  );
}
