// A select's options as items (a form's select, a filter's), and the select of a filter whose
// first item is "any" (the shipment lists' filters, the audit trail's, the hub's vendor filter).
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

export interface SelectOption {
  value: string;
  label: string;
}

/** One item per option, in their order. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((o) => (
    <SelectItem key={o.value} value={o.value}>
      {o.label}
    </SelectItem>
  ));
}

/** A select's value for "any" (a Radix select item cannot have an empty value). */
const ANY = '__semua__';

/** A select with "any" first (its own label), then the options; an empty value is "any". */
export function AnySelect({
  id,
  anyLabel,
  value,
  options,
  onChange,
  className,
}: {
  /** The trigger's id and test id. */
  id: string;
  anyLabel: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The trigger's classes. */
  className?: string;
}) {
  return (
    <Select value={value || ANY} onValueChange={(v) => onChange(v === ANY ? '' : v)}>
      <SelectTrigger id={id} className={className} data-testid={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ANY}>{anyLabel}</SelectItem>
        <SelectOptions options={options} />
      </SelectContent>
    </Select>
  );
}
