// The one filter bar of the shipment lists (In-Transit, Hub Activity; issue 30):
// status, origin, destination and a date range, each labelled, the dates from
// the app's date picker. The screen keeps the values (in the address) and says
// which options there are (src/lib/shipments/shipment-filters.ts).
import { useState } from 'react';
import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import {
  hasFieldFilters,
  NO_FILTERS,
  type FilterOption,
  type ShipmentFilters,
} from '../lib/shipments/shipment-filters';
import { useT } from '../lib/i18n';
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
  const t = useT();
  const from = t('tower.filters.from', { label: dateLabel });
  const to = t('tower.filters.to', { label: dateLabel });
  // On a phone the fields fold behind one button (issue 41: open, they filled a 390x844 screen
  // before the first row); from 768 px up they always show and the button is gone.
  const [open, setOpen] = useState(false);
  const active = [value.status, value.origin, value.destination, value.from, value.to].filter(Boolean).length;
  const fieldsId = `${idPrefix}-filter-fields`;
  return (
    <section className="grid gap-2" aria-label={t('tower.filters.label')} data-testid={`${idPrefix}-filters`}>
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
        <FilterSelect
          id={`${idPrefix}-filter-status`}
          label={t('tower.filters.status')}
          anyLabel={t('tower.filters.anyStatus')}
          value={value.status}
          options={statuses}
          onChange={(status) => onChange({ status })}
        />
        <FilterSelect
          id={`${idPrefix}-filter-origin`}
          label={t('tower.filters.origin')}
          anyLabel={t('tower.filters.anyOrigin')}
          value={value.origin}
          options={origins}
          onChange={(origin) => onChange({ origin })}
        />
        <FilterSelect
          id={`${idPrefix}-filter-destination`}
          label={t('tower.filters.destination')}
          anyLabel={t('tower.filters.anyDestination')}
          value={value.destination}
          options={destinations}
          onChange={(destination) => onChange({ destination })}
        />
        <FormField id={`${idPrefix}-filter-from`} label={from}>
          <DatePicker
            id={`${idPrefix}-filter-from`}
            label={from}
            value={value.from}
            onChange={(from) => onChange({ from })}
            clearable
          />
        </FormField>
        <FormField id={`${idPrefix}-filter-to`} label={to}>
          <DatePicker
            id={`${idPrefix}-filter-to`}
            label={to}
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
          {t('tower.filters.reset')}
        </Button>
      </div>
    </section>
  );
}
