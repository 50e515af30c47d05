// The one filter bar of the shipment lists (In-Transit, Hub Activity; issue 30):
// status, origin, destination and a date range, each labelled, the dates from
// the app's date picker. The screen keeps the values (in the address) and says
// which options there are (src/lib/shipments/shipment-filters.ts).
import { useState, type ComponentProps } from 'react';
import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import {
  hasFieldFilters,
  NO_FILTERS,
  shipmentFilterOptions,
  type ShipmentFilters,
} from '../lib/shipments/shipment-filters';
import { statusLook } from '../lib/shipments/shipment-status';
import { useStatusLooks } from '../lib/shipments/use-status-looks';
import { useT } from '../lib/i18n';
import { FilterSelect } from './filter-select';
import { FormField } from './form-field';
import { Button } from './ui/button';
import { DatePicker } from './date-picker';
import { DataTable, type DataTableProps } from './data-table';
import { StatCards } from './stat-cards';

type Field = keyof ShipmentFilters;

export function ShipmentFilterBar({
  idPrefix,
  value,
  onChange,
  shipments,
  hubName,
  dateLabel,
}: {
  /** Prefixes the controls' ids and test ids, e.g. 'in-transit'. */
  idPrefix: string;
  value: ShipmentFilters;
  onChange: (change: Partial<ShipmentFilters>) => void;
  /** The listed shipments: their statuses, origins and destinations are the options. */
  shipments: Parameters<typeof shipmentFilterOptions>[0];
  hubName: (id: string) => string;
  /** What the date range applies to, e.g. 'Tanggal muat'. */
  dateLabel: string;
}) {
  const t = useT();
  const from = t('tower.filters.from', { label: dateLabel });
  const to = t('tower.filters.to', { label: dateLabel });
  // On a phone the fields fold behind one button (issue 41: open, they filled a 390x844 screen
  // before the first row); from 768 px up they always show and the button is gone.
  const [open, setOpen] = useState(false);
  const active = [value.status, value.origin, value.destination, value.from, value.to].filter(Boolean).length;
  const fieldsId = `${idPrefix}-filter-fields`;
  const looks = useStatusLooks();
  const options = shipmentFilterOptions(shipments, value, (key) => statusLook(looks, key).label, hubName);
  const selects = [
    ['status', t('common.status'), t('tower.filters.anyStatus'), options.statuses],
    ['origin', t('common.origin'), t('tower.filters.anyOrigin'), options.origins],
    ['destination', t('common.destination'), t('tower.filters.anyDestination'), options.destinations],
  ] as const satisfies readonly (readonly [Field, string, string, unknown])[];
  const dates = [
    ['from', from],
    ['to', to],
  ] as const satisfies readonly (readonly [Field, string])[];
  return (
    <section className="grid gap-2" aria-label={t('common.filter')} data-testid={`${idPrefix}-filters`}>
      <Button
        type="button"
        variant="outline"
        className="h-11 justify-self-start md:hidden"
        aria-expanded={open}
        aria-controls={fieldsId}
        onClick={() => setOpen((o) => !o)}
        data-testid={`${idPrefix}-filters-toggle`}
      >
        <SlidersHorizontal aria-hidden="true" />
        {active > 0 ? t('tower.filters.showActive', { count: active }) : t('tower.filters.show')}
        <ChevronDown
          aria-hidden="true"
          className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
        />
      </Button>
      <div
        id={fieldsId}
        className={`${open ? 'grid' : 'hidden md:grid'} grid-cols-2 items-end gap-3 rounded-md border p-3 sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]`}
        data-testid={`${idPrefix}-filter-fields`}
      >
        {selects.map(([field, label, anyLabel, options]) => (
          <FilterSelect
            key={field}
            id={`${idPrefix}-filter-${field}`}
            label={label}
            anyLabel={anyLabel}
            value={value[field]}
            options={options}
            onChange={(v) => onChange({ [field]: v })}
          />
        ))}
        {dates.map(([field, label]) => (
          <FormField key={field} id={`${idPrefix}-filter-${field}`} label={label}>
            <DatePicker
              id={`${idPrefix}-filter-${field}`}
              label={label}
              value={value[field]}
              onChange={(v) => onChange({ [field]: v })}
              clearable
            />
          </FormField>
        ))}
        <Button
          type="button"
          variant="ghost"
          className="h-11"
          disabled={!hasFieldFilters(value)}
          onClick={() => onChange(NO_FILTERS)}
          data-testid={`${idPrefix}-filters-reset`}
        >
          <X aria-hidden="true" />
          {t('tower.filters.reset')}
        </Button>
      </div>
    </section>
  );
}

/** A shipment list's body: its totals, the filter bar, and the table, which says which empty text
 *  fits (none at all, or none that pass the filters). */
export function FilteredShipmentTable<T>({
  stats,
  filterBar,
  emptyText,
  emptyFilteredText,
  tableKey,
  ...table
}: Omit<DataTableProps<T>, 'emptyText'> & {
  stats: ComponentProps<typeof StatCards>;
  filterBar: ComponentProps<typeof ShipmentFilterBar>;
  emptyText: string;
  emptyFilteredText: string;
  /** Starts the table afresh when it changes (a new text filter from the address). */
  tableKey?: string;
}) {
  return (
    <>
      <StatCards {...stats} />
      <ShipmentFilterBar {...filterBar} />
      <DataTable
        key={tableKey}
        {...table}
        emptyText={hasFieldFilters(filterBar.value) ? emptyFilteredText : emptyText}
      />
    </>
  );
}
