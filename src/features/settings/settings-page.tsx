// Settings (/settings, admin only): this device as a fleet admin needs to see
// it. Works offline except the update check; nothing here needs the server.
import { useState } from 'react';
import { Download, HardDrive, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { HighContrastSetting } from '../../components/high-contrast-setting';
import { Row, SyncPanel } from '../../components/sync-panel';
import { Button } from '../../components/ui/button';
import { SettingsCard } from './settings-card';
import { ScreenHeader } from '../../components/screen-header';
import { formatDateTime, formatNumber } from '../../lib/format-date';
import { useSignedIn } from '../../lib/session/session';
import { useChangeWatch, useSyncEngine, useSyncStatus } from '../../lib/sync-engine';
import { formatBytes } from './diagnostics';
import { exportDiagnostics } from './export-diagnostics';
import { useT } from '../../lib/i18n';
import { useStorage } from '../../lib/hooks/use-storage';
import { useUpdateCheck } from './use-update-check';
import { AttentionSettingsCard } from './attention-settings';
import { LanguageSettingCard } from './language-setting';
import { LocationSettingCard } from './location-setting';
import { WorkingSetSettingsCard } from './working-set-settings';

function StorageCard() {
  const t = useT();
  const { state, askPersist } = useStorage();
  const [refused, setRefused] = useState(false);
  return (
    <SettingsCard id="storage" title={t('settings.storageCard')} className="grid gap-3 text-sm">
      {state && !state.supported ? (
        <p className="text-muted-foreground">{t('settings.storageUnsupported')}</p>
      ) : (
        <dl className="divide-y">
          <Row label={t('settings.storageUsed')} value={formatBytes(state?.usage)} testId="storage-usage" />
          <Row label={t('settings.storageQuota')} value={formatBytes(state?.quota)} testId="storage-quota" />
          <Row
            label={t('settings.storagePersistent')}
            value={state?.persisted ? t('settings.storageGranted') : t('settings.storageNotGranted')}
            testId="storage-persisted"
          />
        </dl>
      )}
      {state?.supported && !state.persisted && (
        <div className="grid gap-2">
          <Button
            variant="outline"
            className="w-fit"
            onClick={() => void askPersist().then((granted) => setRefused(!granted))}
          >
            <HardDrive aria-hidden="true" />
            {t('common.askForPersistentStorage')}
          </Button>
          {refused && <p className="text-muted-foreground">{t('settings.storageRefused')}</p>}
        </div>
      )}
    </SettingsCard>
  );
}

function VersionCard() {
  const t = useT();
  const { check, run } = useUpdateCheck();
  return (
    <SettingsCard id="version" title={t('settings.versionCard')} className="grid gap-3 text-sm">
      <dl className="divide-y">
        <Row
          label={t('settings.versionLabel')}
          value={import.meta.env.VITE_APP_VERSION}
          testId="app-version"
        />
        <Row
          label={t('settings.versionBuilt')}
          value={formatDateTime(import.meta.env.VITE_BUILT_AT)}
          testId="app-built"
        />
      </dl>
      <Button
        variant="outline"
        className="w-fit"
        onClick={() => void run()}
        disabled={check.state === 'checking'}
      >
        <RefreshCw className={check.state === 'checking' ? 'animate-spin' : undefined} aria-hidden="true" />
        {check.state === 'checking' ? t('settings.updateChecking') : t('settings.updateCheck')}
      </Button>
      {check.state === 'done' && (
        <p role="status" data-testid="update-result">
          {check.message}
        </p>
      )}
    </SettingsCard>
  );
}

/** How this device hears of changes (issue 44): the socket, the probe now, the safety probe. */
function ChangeWatchRows() {
  const t = useT();
  const watch = useChangeWatch();
  if (!watch) return null;
  const socket = {
    live: t('settings.changesSocketLive'),
    connecting: t('settings.changesSocketConnecting'),
    down: t('settings.changesSocketDown'),
    off: t('settings.changesSocketOff'),
  }[watch.socket];
  const every = (ms: number) =>
    ms > 0 ? t('settings.changesEvery', { seconds: formatNumber(ms / 1000) }) : t('settings.changesProbeOff');
  return (
    <dl className="divide-y" data-testid="change-watch" data-socket={watch.socket}>
      <Row label={t('settings.changesSocket')} value={socket} testId="change-socket" />
      <Row label={t('settings.changesProbe')} value={every(watch.probeMs)} testId="change-probe" />
      <Row
        label={t('settings.changesSafetyProbe')}
        value={every(watch.safetyProbeMs)}
        testId="change-safety-probe"
      />
    </dl>
  );
}

function DiagnosticsCard() {
  const t = useT();
  const engine = useSyncEngine();
  const status = useSyncStatus();
  const { profile } = useSignedIn();
  return (
    <SettingsCard
      id="diagnostics"
      title={t('settings.diagnosticsCard')}
      description={t('settings.diagnosticsDescription')}
      className="grid gap-3 text-sm"
    >
      <ChangeWatchRows />
      <Button
        className="w-fit"
        disabled={!engine}
        onClick={() => {
          if (!engine) return;
          exportDiagnostics(engine, status, profile).then(
            (name) => toast.success(t('settings.diagnosticsDone'), { description: name }),
            (error: Error) => toast.error(t('common.errorTitle'), { description: error.message }),
          );
        }}
      >
        <Download aria-hidden="true" />
        {t('settings.diagnosticsExport')}
      </Button>
    </SettingsCard>
  );
}

export function SettingsPage() {
  const t = useT();
  const engine = useSyncEngine();
  const status = useSyncStatus();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 md:p-6" data-testid="settings-page">
      <ScreenHeader title={t('settings.title')} description={t('settings.description')} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SettingsCard id="sync" title={t('settings.syncCard')}>
          <SyncPanel status={status} onSyncNow={() => void engine?.syncNow()} storageNotice={false} />
        </SettingsCard>
        <StorageCard />
        <VersionCard />
        <DiagnosticsCard />
        <AttentionSettingsCard />
        <WorkingSetSettingsCard />
        <LanguageSettingCard />
        <LocationSettingCard />
        <SettingsCard id="display" title={t('settings.displayCard')}>
          <HighContrastSetting />
        </SettingsCard>
      </div>
    </div>
  );
}
