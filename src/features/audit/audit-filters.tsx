// The audit trail's filters: hub (the device's replicated hubs), user (e-mail
// or name, partial), action type, and a range of calendar days (the app's date picker).
import type { Hub } from '../../../sync/pure';
import { DatePicker } from '../../components/date-picker';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { FilterSelect } from '../../components/filter-select';
import { COMMAND_TYPES, commandLabel } from '../../lib/command-labels';
import { NO_FILTERS, type AuditFilters } from './audit-query';
import * as M from './messages';

export function AuditFiltersBar({
  filters,
  hubs,
  onChange,
}: {
  filters: AuditFilters;
  hubs: readonly Hub[];
  onChange: (filters: AuditFilters) => void;
}) {
  const set = (change: Partial<AuditFilters>) => onChange({ ...filters, ...change });
  return (
    <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-6" data-testid="audit-filters">
      <FilterSelect
        anyLabel={M.ALL}
        id="audit-hub"
        label={M.FILTER_HUB}
        value={filters.hubId}
        options={hubs.map((h) => ({ value: h.id, label: h.name }))}
        onChange={(hubId) => set({ hubId })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="audit-user">{M.FILTER_USER}</Label>
        <Input
          id="audit-user"
          placeholder={M.FILTER_USER_PLACEHOLDER}
          value={filters.actor}
          onChange={(e) => set({ actor: e.target.value })}
        />
      </div>
      <FilterSelect
        anyLabel={M.ALL}
        id="audit-type"
        label={M.FILTER_TYPE}
        value={filters.type}
        options={COMMAND_TYPES.map((t) => ({ value: t, label: commandLabel(t) }))}
        onChange={(type) => set({ type })}
      />
      <FormField id="audit-from" label={M.FILTER_FROM}>
        <DatePicker
          id="audit-from"
          label={M.FILTER_FROM}
          value={filters.from}
          onChange={(from) => set({ from })}
          clearable
        />
      </FormField>
      <FormField id="audit-to" label={M.FILTER_TO}>
        <DatePicker
          id="audit-to"
          label={M.FILTER_TO}
          value={filters.to}
          onChange={(to) => set({ to })}
          clearable
        />
      </FormField>
      <Button variant="outline" onClick={() => onChange(NO_FILTERS)}>
        {M.RESET}
      </Button>
    </div>
  );
}
