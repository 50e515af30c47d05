// Settings: the thresholds of Perlu perhatian (issue 30), set by an admin on the server
// (set_attention_settings) for every device: the grace after a shipment's ETA, how long a
// truck may wait to load or unload (one default, and per hub), how long a hub device may
// go without a sync. In minutes. Online only: the change is the server's.
import { useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/form-fields';
import { Row } from '../../components/sync-panel';
import { ServerSettingsCard } from './settings-card';
import { formatSince, type AttentionThresholds } from '../../lib/attention/attention';
import { refreshAttention, useAttentionServer } from '../../lib/attention/attention-live';
import { t, useT } from '../../lib/i18n';
import { asWork } from '../../lib/writes/server-action';
import { useSignedIn } from '../../lib/session/session';
import { supabase } from '../../lib/session/supabase';
import { useCommandForm } from '../../lib/writes/use-command-form';
import { useOnline } from '../../lib/hooks/use-online';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import type { Hub } from '../../../sync/pure';

const MAX = 43_200;
// The messages are read when a value is checked, in the device's language.
type RangeKey = 'etaGraceRange' | 'waitingRange' | 'deviceRange' | 'hubRange';
const minutes = (min: number, key: RangeKey) => {
  const error = () => t(`tower.attentionSettings.${key}`, { max: MAX });
  return z.number({ error }).int({ error }).min(min, { error }).max(MAX, { error });
};
const schema = z.object({
  eta_grace_minutes: minutes(0, 'etaGraceRange'),
  waiting_minutes: minutes(1, 'waitingRange'),
  device_silent_minutes: minutes(1, 'deviceRange'),
  by_hub: z.record(z.string(), minutes(0, 'hubRange')),
});
type Values = z.infer<typeof schema>;

const MINUTE = 60_000;

function ThresholdsDialog({
  thresholds,
  hubs,
  onClose,
}: {
  thresholds: AttentionThresholds;
  hubs: readonly Hub[];
  onClose: () => void;
}) {
  const t = useT();
  const { profile } = useSignedIn();
  const { form, ...dialog } = useCommandForm<Values>({
    defaultValues: {
      eta_grace_minutes: thresholds.etaGraceMinutes,
      waiting_minutes: thresholds.waitingMinutes,
      device_silent_minutes: thresholds.deviceSilentMinutes,
      by_hub: Object.fromEntries(hubs.map((h) => [h.id, thresholds.waitingByHub[h.id] ?? 0])),
    },
    schema,
    submit: (v) => ({
      run: () =>
        asWork(async () => {
          const byHub = Object.fromEntries(Object.entries(v.by_hub).filter(([, m]) => m > 0));
          const { error } = await supabase.rpc('set_attention_settings', {
            p: {
              eta_grace_minutes: v.eta_grace_minutes,
              waiting_minutes: v.waiting_minutes,
              device_silent_minutes: v.device_silent_minutes,
              waiting_by_hub: byHub,
            },
          });
          if (error) throw new Error(error.message);
        }, t('tower.attentionSettings.saveFailed')),
      success: t('tower.attentionSettings.saved'),
    }),
    onDone: async () => {
      await refreshAttention(profile.userId);
      onClose();
    },
  });
  const Field = useFormFields(form);
  return (
    <FormDialog
      title={t('tower.attentionSettings.title')}
      testId="attention-settings-dialog"
      onClose={onClose}
      {...dialog}
    >
      <Field.Number name="eta_grace_minutes" label={t('tower.attentionSettings.etaGraceField')} />
      <Field.Number name="waiting_minutes" label={t('tower.attentionSettings.waitingField')} />
      {hubs.map((h) => (
        <Field.Number
          key={h.id}
          name={`by_hub.${h.id}`}
          id={`attention-hub-${h.id}`}
          label={t('tower.attentionSettings.waitingAtField', { hub: h.name })}
          hint={t('tower.attentionSettings.waitingAtHint')}
        />
      ))}
      <Field.Number name="device_silent_minutes" label={t('tower.attentionSettings.deviceSilentField')} />
    </FormDialog>
  );
}

export function AttentionSettingsCard() {
  const t = useT();
  const { profile } = useSignedIn();
  const { thresholds, at } = useAttentionServer(profile.userId);
  const online = useOnline();
  const hubs = useRxQuery('hubs', ALL_ROWS).rows.filter((h) => !h.deleted);
  const [editing, setEditing] = useState(false);
  const perHub = hubs.filter((h) => thresholds.waitingByHub[h.id]);
  return (
    <ServerSettingsCard
      id="attention"
      title={t('tower.attentionSettings.title')}
      description={t('tower.attentionSettings.description')}
      changeLabel={t('tower.attentionSettings.change')}
      offlineText={t('tower.attentionSettings.offline')}
      online={online}
      loaded={at !== null}
      onChange={() => setEditing(true)}
      rows={
        <>
          <Row
            label={t('tower.attentionSettings.etaGrace')}
            value={
              thresholds.etaGraceMinutes
                ? formatSince(thresholds.etaGraceMinutes * MINUTE)
                : t('tower.attentionSettings.noGrace')
            }
            testId="attention-eta-grace"
          />
          <Row
            label={t('tower.attentionSettings.waiting')}
            value={formatSince(thresholds.waitingMinutes * MINUTE)}
            testId="attention-waiting"
          />
          {perHub.map((h) => (
            <Row
              key={h.id}
              label={t('tower.attentionSettings.waitingAt', { hub: h.name })}
              value={formatSince(thresholds.waitingByHub[h.id]! * MINUTE)}
              testId={`attention-hub-${h.id}`}
            />
          ))}
          <Row
            label={t('tower.attentionSettings.deviceSilent')}
            value={formatSince(thresholds.deviceSilentMinutes * MINUTE)}
            testId="attention-device-silent"
          />
        </>
      }
    >
      {editing && <ThresholdsDialog thresholds={thresholds} hubs={hubs} onClose={() => setEditing(false)} />}
    </ServerSettingsCard>
  );
}
