// Tambah Gudang Baru (spec 2.5, 4.4, 5, 8.1): on success the form resets and
// the parent's select gets the new warehouse; this dialog stays open.
import { FormDialog, useFormDialog } from '../../components/form-dialog';
import { useT } from '../../lib/i18n';
import { warehouseFormSchema, warehousePayload, type WarehouseFormValues } from './inventory-forms';

export function AddWarehouseDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (id: string) => void;
}) {
  const t = useT();
  const { Field, dialog } = useFormDialog<WarehouseFormValues>({
    onClose,
    defaultValues: { name: '', location: '' },
    schema: warehouseFormSchema,
    submit: (values) => ({
      command: 'add_warehouse',
      payload: warehousePayload(values),
      success: t('inventory.toast.warehouseAdded'),
      failure: () => t('inventory.failure.addWarehouse'),
    }),
    resetOnDone: true,
    onDone: (_values, payload) => payload && onAdded(payload.warehouse_id as string),
  });
  return (
    <FormDialog
      title={t('inventory.addWarehouseTitle')}
      testId="add-warehouse-dialog"
      {...dialog}
      submitLabel={t('inventory.addWarehouse')}
    >
      <Field.Text name="name" id="warehouse-name" label={t('inventory.fields.warehouseName')} />
      <Field.Text name="location" id="warehouse-location" label={t('inventory.fields.location')} />
    </FormDialog>
  );
}
