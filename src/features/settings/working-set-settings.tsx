// Settings: how long closed shipments and stock rows stay on the devices (issue 26, the
// working set's retention window), set by an admin on the server (set_working_set_settings)
// for every device. Online only: the change is the server's; the devices follow it from
// their next sync (docs/sync.md, "The working set").
import { useEffect, useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/form-fields';
import { Row } from '../../components/sync-panel';
import { ServerSettingsCard } from './settings-card';
import { useT } from '../../lib/i18n';
import { asWork } from '../../lib/writes/server-action';
import { supabase } from '../../lib/session/supabase';
import { useCommandForm } from '../../lib/writes/use-command-form';
import { useOnline } from '../../lib/hooks/use-online';
import { retentionSchema } from '../../../sync/pure';

type Values = { retention_days: number };

function RetentionDialog({
  days,
  onClose,
  onSaved,
}: {
  days: number;
  onClose: () => void;
  onSaved: (d: number) => void;
}) {
  const t = useT();
  const { form, ...dialog } = useCommandForm<Values>({
    defaultValues: { retention_days: days },
    schema: retentionSchema,
    submit: (v) => ({
      run: () =>
        asWork(async () => {
          const { data, error } = await supabase.rpc('set_working_set_settings', {
            p: { retention_days: v.retention_days },
          });
          if (error) throw new Error(error.message);
          onSaved((data as { retention_days: number }).retention_days);
        }, t('tower.workingSet.saveFailed')),
      success: t('tower.workingSet.saved'),
    }),
    onDone: onClose,
  });
  const Field = useFormFields(form);
  return (
    <FormDialog title={t('tower.workingSet.title')} testId="working-set-dialog" onClose={onClose} {...dialog}>
      <Field.Number
        name="retention_days"
        label={t('tower.workingSet.field')}
        hint={t('tower.workingSet.hint')}
      />
    </FormDialog>
  );
}

export function WorkingSetSettingsCard() {
  const t = useT();
  const online = useOnline();
  const [days, setDays] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!online) return;
    let live = true;
    void supabase.rpc('working_set_settings').then(({ data, error }) => {
      if (live && !error && data) setDays((data as { retention_days: number }).retention_days);
    });
    return () => {
      live = false;
    };
  }, [online]);
  return (
    <ServerSettingsCard
      id="working-set"
      title={t('tower.workingSet.title')}
      description={t('tower.workingSet.description')}
      changeLabel={t('tower.workingSet.change')}
      offlineText={t('tower.workingSet.offline')}
      online={online}
      loaded={days !== null}
      onChange={() => setEditing(true)}
      rows={
        <Row
          label={t('tower.workingSet.retention')}
          value={days === null ? '–' : t('tower.workingSet.days', { count: days })}
          testId="working-set-days"
        />
      }
    >
      {editing && days !== null && (
        <RetentionDialog days={days} onClose={() => setEditing(false)} onSaved={setDays} />
      )}
    </ServerSettingsCard>
  );
}
