// A filter's select: "any" first (its own label), then the options; an empty value is "any".
// The shipment lists' filter bar and the audit trail's filters.
import type { FilterOption } from '../lib/shipments/shipment-filters';
import { FormField } from './form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

/** A select's value for "any" (a Radix select item cannot have an empty value). */
const ANY = '__semua__';

export function FilterSelect({
  id,
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={label}>
      <Select value={value || ANY} onValueChange={(v) => onChange(v === ANY ? '' : v)}>
        <SelectTrigger id={id} className="h-11 w-full" data-testid={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
