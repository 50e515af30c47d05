// The one filter bar of the shipment lists (In-Transit, Hub Activity; issue 30):
// status, origin, destination and a date range, each labelled, the dates from
// the app's date picker. The screen keeps the values (in the address) and says
// which options there are (src/lib/shipment-filters.ts).
import { X } from 'lucide-react';
import {
  hasFieldFilters,
  NO_FILTERS,
  type FilterOption,
  type ShipmentFilters,
} from '../lib/shipment-filters';
import { FilterSelect } from './filter-select';
import { FormField } from './form-field';
import { Button } from './ui/button';
import { DatePicker } from './date-picker';

export function ShipmentFilterBar({
  idPrefix,
  value,
  onChange,
  statuses,
  origins,
  destinations,
  dateLabel,
}: {
  /** Prefixes the controls' ids and test ids, e.g. 'in-transit'. */
  idPrefix: string;
  value: ShipmentFilters;
  onChange: (change: Partial<ShipmentFilters>) => void;
  statuses: readonly FilterOption[];
  origins: readonly FilterOption[];
  destinations: readonly FilterOption[];
  /** What the date range applies to, e.g. 'Tanggal muat'. */
  dateLabel: string;
}) {
  return (
    <section
      className="grid grid-cols-2 items-end gap-3 rounded-md border p-3 sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
      aria-label="Filter"
      data-testid={`${idPrefix}-filters`}
    >
      <FilterSelect
        id={`${idPrefix}-filter-status`}
        label="Status"
        anyLabel="Semua status"
        value={value.status}
        options={statuses}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        id={`${idPrefix}-filter-origin`}
        label="Asal"
        anyLabel="Semua asal"
        value={value.origin}
        options={origins}
        onChange={(origin) => onChange({ origin })}
      />
      <FilterSelect
        id={`${idPrefix}-filter-destination`}
        label="Tujuan"
        anyLabel="Semua tujuan"
        value={value.destination}
        options={destinations}
        onChange={(destination) => onChange({ destination })}
      />
      <FormField id={`${idPrefix}-filter-from`} label={`${dateLabel} dari`}>
        <DatePicker
          id={`${idPrefix}-filter-from`}
          label={`${dateLabel} dari`}
          value={value.from}
          onChange={(from) => onChange({ from })}
          clearable
        />
      </FormField>
      <FormField id={`${idPrefix}-filter-to`} label={`${dateLabel} sampai`}>
        <DatePicker
          id={`${idPrefix}-filter-to`}
          label={`${dateLabel} sampai`}
          value={value.to}
          onChange={(to) => onChange({ to })}
          clearable
        />
      </FormField>
      <Button
        type="button"
        variant="ghost"
        className="h-11"
        disabled={!hasFieldFilters(value)}
        onClick={() => onChange(NO_FILTERS)}
        data-testid={`${idPrefix}-filters-reset`}
      >
        <X aria-hidden="true" />
        Hapus filter
      </Button>
    </section>
  );
}
