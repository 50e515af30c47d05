// Settings (/settings, admin only): this device as a fleet admin needs to see
// it. Works offline except the update check; nothing here needs the server.
import { useState } from 'react';
import { Download, HardDrive, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { HighContrastSetting } from '../../components/high-contrast-setting';
import { Row, SyncPanel } from '../../components/sync-panel';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ScreenHeader } from '../../components/screen-header';
import { formatDateTime } from '../../lib/format-date';
import { useSignedIn } from '../../lib/session';
import { useSyncEngine, useSyncStatus } from '../../lib/sync-engine';
import { formatBytes } from './diagnostics';
import { exportDiagnostics } from './export-diagnostics';
import * as M from './messages';
import { useStorage } from '../../lib/use-storage';
import { useUpdateCheck } from './use-update-check';
import { AttentionSettingsCard } from './attention-settings';
import { WorkingSetSettingsCard } from './working-set-settings';

function StorageCard() {
  const { state, askPersist } = useStorage();
  const [refused, setRefused] = useState(false);
  return (
    <Card data-testid="settings-storage">
      <CardHeader>
        <CardTitle>{M.STORAGE_CARD}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {state && !state.supported ? (
          <p className="text-muted-foreground">{M.STORAGE_UNSUPPORTED}</p>
        ) : (
          <dl className="divide-y">
            <Row label={M.STORAGE_USED} value={formatBytes(state?.usage)} testId="storage-usage" />
            <Row label={M.STORAGE_QUOTA} value={formatBytes(state?.quota)} testId="storage-quota" />
            <Row
              label={M.STORAGE_PERSISTENT}
              value={state?.persisted ? M.STORAGE_GRANTED : M.STORAGE_NOT_GRANTED}
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
              {M.STORAGE_ASK}
            </Button>
            {refused && <p className="text-muted-foreground">{M.STORAGE_REFUSED}</p>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function VersionCard() {
  const { check, run } = useUpdateCheck();
  return (
    <Card data-testid="settings-version">
      <CardHeader>
        <CardTitle>{M.VERSION_CARD}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="divide-y">
          <Row label={M.VERSION_LABEL} value={import.meta.env.VITE_APP_VERSION} testId="app-version" />
          <Row
            label={M.VERSION_BUILT}
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
          {check.state === 'checking' ? M.UPDATE_CHECKING : M.UPDATE_CHECK}
        </Button>
        {check.state === 'done' && (
          <p role="status" data-testid="update-result">
            {check.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function DiagnosticsCard() {
  const engine = useSyncEngine();
  const status = useSyncStatus();
  const { profile } = useSignedIn();
  return (
    <Card data-testid="settings-diagnostics">
      <CardHeader>
        <CardTitle>{M.DIAGNOSTICS_CARD}</CardTitle>
        <CardDescription>{M.DIAGNOSTICS_DESCRIPTION}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          disabled={!engine}
          onClick={() => {
            if (!engine) return;
            exportDiagnostics(engine, status, profile).then(
              (name) => toast.success(M.DIAGNOSTICS_DONE, { description: name }),
              (error: Error) => toast.error('Error', { description: error.message }),
            );
          }}
        >
          <Download aria-hidden="true" />
          {M.DIAGNOSTICS_EXPORT}
        </Button>
      </CardContent>
    </Card>
  );
}

export function SettingsPage() {
  const engine = useSyncEngine();
  const status = useSyncStatus();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 md:p-6" data-testid="settings-page">
      <ScreenHeader title={M.SETTINGS_TITLE} description={M.SETTINGS_DESCRIPTION} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card data-testid="settings-sync">
          <CardHeader>
            <CardTitle>{M.SYNC_CARD}</CardTitle>
          </CardHeader>
          <CardContent>
            <SyncPanel status={status} onSyncNow={() => void engine?.syncNow()} storageNotice={false} />
          </CardContent>
        </Card>
        <StorageCard />
        <VersionCard />
        <DiagnosticsCard />
        <AttentionSettingsCard />
        <WorkingSetSettingsCard />
        <Card data-testid="settings-display">
          <CardHeader>
            <CardTitle>Tampilan</CardTitle>
          </CardHeader>
          <CardContent>
            <HighContrastSetting />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
