// The vendor of the hub dialogs (Tambah ke Antrian, Tambah Kendaraan, Tambah
// Armada Laut): a select of the vendors with 'Tambah Vendor' beside it (and
// 'Edit Vendor' where asked), each opening the vendor dialog over this one; a
// vendor added there is chosen at once.
import { useState } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { Pencil, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/form-fields';
import { VendorDialog } from '../../components/vendor-dialog';
import { useHubScope } from './hub-scope';

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
  const { master } = useHubScope();
  const [nested, setNested] = useState<'add' | 'edit' | null>(null);
  const vendorId = useWatch({ control: form.control, name }) as string;
  const vendor = vendorId ? master.vendorsById.get(vendorId) : undefined;
  const choose = (added: string) =>
    form.setValue(name, added as PathValue<V, Path<V>>, { shouldValidate: true });

  return (
    <>
      <SelectField
        form={form}
        name={name}
        id={id}
        label="Vendor"
        hideError={hideError}
        options={master.vendors.map((v) => ({ value: v.id, label: v.name }))}
        placeholder="Pilih vendor"
        action={
          <>
            {editable && (
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Edit Vendor"
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
              aria-label="Tambah Vendor"
              onClick={() => setNested('add')}
            >
              <Plus aria-hidden="true" />
            </Button>
          </>
        }
      />
      {nested === 'add' && <VendorDialog onClose={() => setNested(null)} onAdded={choose} />}
      {nested === 'edit' && vendor && <VendorDialog vendor={vendor} onClose={() => setNested(null)} />}
    </>
  );
}
