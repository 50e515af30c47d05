// Tambah Data Inventory (spec 2.5, 4.4, 5, 8.1): the warehouse (the select
// offers Gudang Karawang, and warehouses added from here, where this user may book;
// a hub user elsewhere its own hub's: bookableWarehouses), the day from a
// calendar (dd/MM/yyyy shown, yyyy-MM-dd sent), the quantities, an optional
// batch. Saved as an add_inventory command: it works offline.
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Plus } from 'lucide-react';
import type { Warehouse } from '../../../sync/pure';
import { FormDialog, useFormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { DatePicker } from '../../components/date-picker';
import { useT } from '../../lib/i18n';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useSignedIn } from '../../lib/session/session';
import { AddWarehouseDialog } from './add-warehouse-dialog';
import {
  bookableWarehouses,
  inventoryDefaults,
  inventoryFormSchema,
  inventoryPayload,
  type InventoryFormValues,
} from './inventory-forms';

export function AddInventoryDialog({
  warehouses,
  onClose,
}: {
  warehouses: readonly Warehouse[];
  onClose: () => void;
}) {
  const t = useT();
  const [added, setAdded] = useState<string[]>([]);
  const [addingWarehouse, setAddingWarehouse] = useState(false);
  const { form, Field, dialog } = useFormDialog<InventoryFormValues>({
    onClose,
    defaultValues: inventoryDefaults(),
    schema: inventoryFormSchema,
    submit: (values) => ({
      command: 'add_inventory',
      payload: inventoryPayload(values),
      success: t('inventory.toast.inventoryAdded'),
      failure: () => t('inventory.failure.addInventory'),
    }),
    resetOnDone: true,
  });
  // Spec 5: the dialog offers only the warehouse named Gudang Karawang (and those added here),
  // where this user may book stock; a hub user elsewhere, its own hub's.
  const { profile } = useSignedIn();
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const options = bookableWarehouses(
    warehouses,
    { userId: profile.userId, role: profile.role, hubId: profile.hubId },
    hubs.rows,
    added,
  ).map((w) => ({ value: w.id, label: w.location ? `${w.name} (${w.location})` : w.name }));
  const dateError = form.formState.errors.date?.message;

  return (
    <FormDialog
      title={t('inventory.addTitle')}
      testId="add-inventory-dialog"
      {...dialog}
      savingLabel={t('common.saving')}
    >
      <div className="grid grid-cols-[1fr_auto] items-end gap-2">
        <Field.Select
          name="warehouse_id"
          id="inventory-warehouse"
          label={t('common.warehouse')}
          options={options}
          placeholder={t('server.chooseWarehouse')}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t('inventory.addWarehouseTitle')}
          onClick={() => setAddingWarehouse(true)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <FormField id="inventory-date" label={t('common.date')} error={dateError}>
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <DatePicker
              id="inventory-date"
              label={t('common.date')}
              value={field.value}
              onChange={field.onChange}
              invalid={!!dateError}
            />
          )}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <Field.Number
          name="smartboard_quantity"
          id="inventory-smartboard"
          label={t('inventory.fields.smartboard')}
        />
        <Field.Number name="bracket_quantity" id="inventory-bracket" label={t('inventory.fields.bracket')} />
      </div>
      <Field.Text name="batch_number" id="inventory-batch" label={t('inventory.fields.batch')} />
      {addingWarehouse && (
        <AddWarehouseDialog
          onClose={() => setAddingWarehouse(false)}
          onAdded={(id) => {
            setAdded((a) => [...a, id]);
            form.setValue('warehouse_id', id, { shouldValidate: true });
          }}
        />
      )}
    </FormDialog>
  );
}
