import type { Vendor } from '../../../sync/pure';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

export function VendorSelect({
  id,
  value,
  vendors,
  onChange,
  invalid,
  placeholder = 'Pilih vendor',
}: {
  id: string;
  value: string;
  vendors: readonly Vendor[];
  onChange: (vendorId: string) => void;
  invalid?: boolean;
  placeholder?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} aria-invalid={invalid || undefined} data-testid={id}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {vendors.map((v) => (
          <SelectItem key={v.id} value={v.id}>
            {v.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
