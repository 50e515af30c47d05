// Issue 42: "Impor Daftar Kemasan": the factory's packing list (CSV) read on the tablet, and
// before anything is sent, how many serials it adds and which are refused and why
// (serial-import.ts). The serials go into the list being made; Simpan sends them.
import { useMemo, useState, type ChangeEvent } from 'react';
import { DialogFrame } from '../../components/dialog-frame';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useT } from '../../lib/i18n';
import { messageInLanguage } from '../../lib/i18n/server-message';
import { planImport, serialsOfCsv } from './serial-import';

export function SerialImportDialog({
  registered,
  known,
  listed,
  onAdd,
  onClose,
}: {
  registered: ReadonlySet<string>;
  /** Whether `registered` has been read (the plan waits for it: else a known serial reads as new). */
  known: boolean;
  listed: ReadonlySet<string>;
  onAdd: (serials: string[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [found, setFound] = useState<ReturnType<typeof serialsOfCsv> | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  // Against what this device knows now: a serial registered meanwhile is refused at once.
  const plan = useMemo(
    () => (found && known ? planImport(found, registered, listed) : null),
    [found, known, registered, listed],
  );

  async function read(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFound(null);
    setUnreadable(false);
    if (!file) return;
    try {
      setFound(serialsOfCsv(await file.text()));
    } catch {
      setUnreadable(true);
    }
  }

  return (
    <DialogFrame
      data-testid="serial-import-dialog"
      className="sm:max-w-xl"
      title={t('serialScan.importDialog.title')}
      description={t('serialScan.importDialog.description')}
      onClose={onClose}
      footer={
        <>
          <Button type="button" variant="outline" size="lg" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="button"
            size="lg"
            disabled={!plan || plan.add.length === 0}
            onClick={() => {
              if (plan) onAdd(plan.add);
              onClose();
            }}
          >
            {t('serialScan.importDialog.confirm')}
          </Button>
        </>
      }
    >
      <div className="grid gap-1">
        <label htmlFor="serial-import-file" className="text-sm font-medium">
          {t('serialScan.importDialog.file')}
        </label>
        <Input
          id="serial-import-file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(e) => void read(e)}
          className="h-12"
        />
      </div>
      {unreadable && (
        <p className="text-destructive" role="alert">
          {t('serialScan.importDialog.unreadable')}
        </p>
      )}
      {plan && (
        <div
          className="grid gap-2"
          data-testid="serial-import-plan"
          data-add={plan.add.length}
          data-refused={plan.refused.length}
        >
          <p className="text-lg font-semibold" role="status">
            {t('serialScan.importDialog.willAdd', { count: plan.add.length })}
          </p>
          {plan.refused.length > 0 && (
            <div className="grid gap-1">
              <p className="font-medium text-destructive">
                {t('serialScan.importDialog.refused', { count: plan.refused.length })}
              </p>
              <ul className="grid max-h-48 gap-1 overflow-y-auto text-sm" data-testid="serial-import-refused">
                {plan.refused.map(({ raw, message }, i) => (
                  <li key={`${i}:${raw}`}>{messageInLanguage(message)}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </DialogFrame>
  );
}
