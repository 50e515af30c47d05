// A filter's select under its label: "any" first (its own label), then the options; an empty
// value is "any". The shipment lists' filter bar and the audit trail's filters.
import type { FilterOption } from '../lib/shipments/shipment-filters';
import { FormField } from './form-field';
import { AnySelect } from './select-options';

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
      <AnySelect
        id={id}
        anyLabel={anyLabel}
        value={value}
        options={options}
        onChange={onChange}
        className="h-11 w-full"
      />
    </FormField>
  );
}
