// The vendor of the hub dialogs (Tambah Kendaraan, Tambah Armada Laut): a select
// of the vendors with 'Tambah Vendor' beside it (and 'Edit Vendor' where asked),
// each opening the vendor dialog over this one; a vendor added there is chosen
// at once. Tambah ke Antrian has the same select as an optional filter
// (VendorFilter: 'Semua vendor' first, issue 29).
import { useState, type ReactNode } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { Pencil, Plus } from 'lucide-react';
import type { Vendor } from '../../../sync/pure';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/form-field';
import { SelectField } from '../../components/form-fields';
import { AnySelect } from '../../components/select-options';
import { VendorDialog } from '../../components/vendor-dialog';
import { useT } from '../../lib/i18n';
import { useHubScope } from './hub-scope';

/** 'Edit Vendor' (where asked) and 'Tambah Vendor', each opening the vendor dialog over this one. */
function VendorActions({
  vendor,
  editable,
  onAdded,
}: {
  vendor: Vendor | undefined;
  editable: boolean;
  onAdded: (vendorId: string) => void;
}): ReactNode {
  const t = useT();
  const [nested, setNested] = useState<'add' | 'edit' | null>(null);
  return (
    <>
      {editable && (
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t('common.editVendor')}
          disabled={!vendor}
          onClick={() => setNested('edit')}
        >
          <Pencil aria-hidden="true" />
        </Button>
      )}
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={t('hubOps.page.toolbar.addVendor')}
        onClick={() => setNested('add')}
      >
        <Plus aria-hidden="true" />
      </Button>
      {nested === 'add' && <VendorDialog onClose={() => setNested(null)} onAdded={onAdded} />}
      {nested === 'edit' && vendor && <VendorDialog vendor={vendor} onClose={() => setNested(null)} />}
    </>
  );
}

export function VendorField<V extends FieldValues>({
  form,
  name,
  id,
  editable = false,
  hideError,
}: {
  form: UseFormReturn<V>;
  name: Path<V>;
  id: string;
  /** Offers 'Edit Vendor' for the vendor chosen (spec 6: admin only). */
  editable?: boolean;
  hideError?: boolean;
}) {
  const t = useT();
  const { master } = useHubScope();
  const vendorId = useWatch({ control: form.control, name }) as string;
  const choose = (added: string) =>
    form.setValue(name, added as PathValue<V, Path<V>>, { shouldValidate: true });

  return (
    <SelectField
      form={form}
      name={name}
      id={id}
      label={t('common.vendor')}
      hideError={hideError}
      options={master.vendors.map((v) => ({ value: v.id, label: v.name }))}
      placeholder={t('hubOps.vendor.placeholder')}
      action={
        <VendorActions
          vendor={vendorId ? master.vendorsById.get(vendorId) : undefined}
          editable={editable}
          onAdded={choose}
        />
      }
    />
  );
}

/** The optional vendor filter of a list: '' is every vendor; `vendors` those the list has (the chosen one kept). */
export function VendorFilter({
  id,
  value,
  vendors,
  onChange,
  editable = false,
}: {
  id: string;
  value: string;
  vendors: readonly Vendor[];
  onChange: (vendorId: string) => void;
  editable?: boolean;
}) {
  const t = useT();
  const { master } = useHubScope();
  const chosen = value ? master.vendorsById.get(value) : undefined;
  const options = chosen && !vendors.some((v) => v.id === chosen.id) ? [chosen, ...vendors] : vendors;
  return (
    <FormField id={id} label={t('hubOps.vendor.filterLabel')}>
      <div className="flex gap-2">
        <AnySelect
          id={id}
          anyLabel={t('hubOps.vendor.any')}
          value={value}
          options={options.map((v) => ({ value: v.id, label: v.name }))}
          onChange={onChange}
          className="w-full"
        />
        <VendorActions vendor={chosen} editable={editable} onAdded={onChange} />
      </div>
    </FormField>
  );
}
