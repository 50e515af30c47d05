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
import { useT } from '../../lib/i18n';
import { NO_FILTERS, type AuditFilters } from './audit-query';

/** The range's two ends, each a day picked with its label. */
const DAYS = [
  { end: 'from', label: 'audit.filterFrom' },
  { end: 'to', label: 'audit.filterTo' },
] as const;

export function AuditFiltersBar({
  filters,
  hubs,
  onChange,
}: {
  filters: AuditFilters;
  hubs: readonly Hub[];
  onChange: (filters: AuditFilters) => void;
}) {
  const t = useT();
  const set = (change: Partial<AuditFilters>) => onChange({ ...filters, ...change });
  return (
    <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-6" data-testid="audit-filters">
      <FilterSelect
        anyLabel={t('audit.all')}
        id="audit-hub"
        label={t('common.hub')}
        value={filters.hubId}
        options={hubs.map((h) => ({ value: h.id, label: h.name }))}
        onChange={(hubId) => set({ hubId })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="audit-user">{t('users.roles.hub_user')}</Label>
        <Input
          id="audit-user"
          placeholder={t('audit.filterUserPlaceholder')}
          value={filters.actor}
          onChange={(e) => set({ actor: e.target.value })}
        />
      </div>
      <FilterSelect
        anyLabel={t('audit.all')}
        id="audit-type"
        label={t('common.action')}
        value={filters.type}
        options={COMMAND_TYPES.map((type) => ({ value: type, label: commandLabel(type) }))}
        onChange={(type) => set({ type })}
      />
      {DAYS.map(({ end, label }) => (
        <FormField key={end} id={`audit-${end}`} label={t(label)}>
          <DatePicker
            id={`audit-${end}`}
            label={t(label)}
            value={filters[end]}
            onChange={(day) => set({ [end]: day })}
            clearable
          />
        </FormField>
      ))}
      <Button variant="outline" onClick={() => onChange(NO_FILTERS)}>
        {t('audit.reset')}
      </Button>
    </div>
  );
}
