// Issue 42: "Stok Nomor Seri TV" on Inventory: at a hub that tracks TVs by serial, the hub's TVs
// in stock by serial (this device's tv_units: offline, and a serial just added shows before it is
// synced), a search, the count; and for the hub's own users and admin, serials added by scanning
// (the serial scanner: camera, wedge scanner, typing), or by importing the factory's packing
// list, into a list that Simpan sends as register_serials (at most MAX_SERIALS a command); and
// a serial registered by mistake taken back (remove_serials, after a confirmation; the server
// refuses a unit that ever travelled).
// Admin and tower control choose the hub among those that track serials; tower control reads.
import { lazy, Suspense, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { FileUp, ScanBarcode, Trash2, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDelete } from '../../components/confirm-dialog';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../lib/i18n';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useSignedIn } from '../../lib/session/session';
import { useSyncEngine } from '../../lib/sync-engine';
import { runCommand } from '../../lib/writes/run-command';
import { MAX_SERIALS, tracksSerials, type Hub, type KeyedMessage, type TvUnit } from '../../../sync/pure';
import { chunks } from './serial-import';
import { SerialImportDialog } from './serial-import-dialog';

const SerialScannerDialog = lazy(() =>
  import('../../components/serial-scanner').then((m) => ({ default: m.SerialScannerDialog })),
);

const SHOWN = 100;
/** "Hapus N yang cocok" needs a search this long (a packing list's prefix, not a stray digit). */
const BULK_SEARCH = 4;

export function SerialStockSection() {
  const t = useT();
  const { profile } = useSignedIn();
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const tracking = useMemo(
    () =>
      hubs.rows
        .filter((h) => tracksSerials(h) && (profile.role !== 'hub_user' || h.id === profile.hubId))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [hubs.rows, profile.role, profile.hubId],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const hub = tracking.find((h) => h.id === chosen) ?? tracking[0];
  if (!hub) return null;
  const canAdd = profile.role === 'admin' || (profile.role === 'hub_user' && profile.hubId === hub.id);
  return (
    <Card data-testid="serial-stock" data-hub={hub.name}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">{t('serialScan.stock.title')}</CardTitle>
        {tracking.length > 1 && (
          <FormField id="serial-stock-hub" label={t('common.hub')}>
            <Select value={hub.id} onValueChange={setChosen}>
              <SelectTrigger id="serial-stock-hub" className="h-11 w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {tracking.map((h) => (
                  <SelectItem key={h.id} value={h.id}>
                    {h.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        )}
      </CardHeader>
      <CardContent>
        <HubSerials key={hub.id} hub={hub} canAdd={canAdd} />
      </CardContent>
    </Card>
  );
}

function HubSerials({ hub, canAdd }: { hub: Hub; canAdd: boolean }) {
  const t = useT();
  const engine = useSyncEngine();
  const query = useMemo(() => ({ selector: { hub_id: hub.id, state: 'in_stock' as const } }), [hub.id]);
  const units = useRxQuery('tv_units', query);
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState<string[]>([]);
  const [open, setOpen] = useState<'scan' | 'import' | null>(null);
  const [saving, setSaving] = useState(false);
  // Every serial this device knows (any hub, any state): what may not be registered again.
  const known = useRxQuery('tv_units', open || draft.length > 0 ? ALL_ROWS : null);
  const registered = useMemo(() => new Set(known.rows.map((u) => u.serial)), [known.rows]);
  const stock = useMemo(() => [...units.rows].sort((a, b) => (a.serial < b.serial ? -1 : 1)), [units.rows]);
  const needle = search.trim().toUpperCase();
  const matching = needle ? stock.filter((u) => u.serial.includes(needle)) : stock;
  // What may be taken back: units never loaded since they were registered (a moved one is a real TV).
  const removable = matching.filter((u) => !u.moved);
  // The units a removal asks about: one (its button), or every match of the search.
  const [removing, setRemoving] = useState<{ units: TvUnit[]; query: string } | null>(null);
  const listed = useMemo(() => new Set(draft), [draft]);

  const check = useMemo(
    () =>
      (serial: string): KeyedMessage | null =>
        registered.has(serial) ? { key: 'serial.alreadyRegistered', params: { serial } } : null,
    [registered],
  );

  async function save() {
    setSaving(true);
    let saved = 0;
    for (const part of chunks(draft, MAX_SERIALS)) {
      const units = part.map((serial) => ({ unit_id: crypto.randomUUID(), serial }));
      const result = await runCommand(engine, 'register_serials', { hub_id: hub.id, units });
      if (!result.ok) break;
      saved += part.length;
    }
    setSaving(false);
    if (saved > 0) toast.success(t('serialScan.stock.saved', { count: saved }));
    setDraft((list) => list.slice(saved));
  }

  return (
    <div className="grid gap-3" data-ready={units.ready}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p
          className="text-2xl font-bold tabular-nums"
          data-testid="serial-stock-count"
          data-count={stock.length}
        >
          {t('serialScan.stock.count', { count: stock.length })}
        </p>
        {canAdd && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="lg" onClick={() => setOpen('scan')} data-testid="serial-scan-open">
              <ScanBarcode aria-hidden="true" />
              {t('serialScan.stock.scan')}
            </Button>
            <Button type="button" size="lg" variant="outline" onClick={() => setOpen('import')}>
              <FileUp aria-hidden="true" />
              {t('serialScan.stock.importCsv')}
            </Button>
          </div>
        )}
      </div>
      {draft.length > 0 && (
        <section
          className="grid gap-2 rounded-md border-2 border-primary p-3"
          data-testid="serial-draft"
          aria-labelledby="serial-draft-title"
        >
          <h3 id="serial-draft-title" className="text-lg font-semibold">
            {t('serialScan.stock.pending', { count: draft.length })}
          </h3>
          <ul className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
            {draft.map((serial) => (
              <li key={serial} className="flex items-center gap-1 rounded-md border pl-2 font-mono">
                {serial}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('serialScan.scanner.remove', { serial })}
                  onClick={() => setDraft((list) => list.filter((s) => s !== serial))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" size="lg" onClick={() => setDraft([])} disabled={saving}>
              {t('serialScan.stock.discard')}
            </Button>
            <Button
              type="button"
              size="lg"
              onClick={() => void save()}
              disabled={saving}
              data-testid="serial-save"
            >
              {saving ? t('common.saving') : t('common.save')}
            </Button>
          </div>
        </section>
      )}
      <div className="grid gap-1">
        <label htmlFor="serial-search" className="text-sm font-medium">
          {t('serialScan.stock.search')}
        </label>
        <Input
          id="serial-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('serialScan.stock.searchPlaceholder')}
          autoComplete="off"
          className="h-12 max-w-md"
        />
      </div>
      {canAdd && needle.length >= BULK_SEARCH && removable.length > 1 && (
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="justify-self-start"
          onClick={() => setRemoving({ units: removable, query: search.trim() })}
          data-testid="serial-remove-matching"
        >
          <Trash2 aria-hidden="true" />
          {t('serialScan.stock.removeMatching', { count: removable.length })}
        </Button>
      )}
      {stock.length === 0 ? (
        <p className="text-muted-foreground">{t('serialScan.stock.empty')}</p>
      ) : matching.length === 0 ? (
        <p className="text-muted-foreground">{t('serialScan.stock.noMatch', { query: search.trim() })}</p>
      ) : (
        <>
          <ul
            className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-1"
            aria-label={t('serialScan.stock.serialColumn')}
            data-testid="serial-stock-list"
          >
            {matching.slice(0, SHOWN).map((unit) => (
              <li
                key={unit.id}
                className="flex min-h-11 items-center justify-between gap-1 rounded-md border pl-2 font-mono text-base"
              >
                {unit.serial}
                {canAdd && !unit.moved && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('serialScan.stock.remove', { serial: unit.serial })}
                    onClick={() => setRemoving({ units: [unit], query: '' })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {matching.length > SHOWN && (
            <p className="text-sm text-muted-foreground">
              {t('serialScan.stock.more', { count: matching.length - SHOWN })}
            </p>
          )}
        </>
      )}
      {open === 'scan' && (
        <Suspense fallback={null}>
          <SerialScannerDialog
            title={`${t('serialScan.scanner.title')} · ${hub.name}`}
            check={check}
            accepted={draft}
            onAccept={(serial) => setDraft((list) => (list.includes(serial) ? list : [...list, serial]))}
            onRemove={(serial) => setDraft((list) => list.filter((s) => s !== serial))}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
      <ConfirmDelete
        target={removing}
        onClose={() => setRemoving(null)}
        title={
          removing && removing.units.length > 1
            ? t('serialScan.stock.removeManyTitle', { count: removing.units.length })
            : t('serialScan.stock.removeTitle')
        }
        description={({ units, query }) =>
          units.length > 1
            ? t('serialScan.stock.removeManyDescription', { count: units.length, query, hub: hub.name })
            : t('serialScan.stock.removeDescription', { serial: units[0]!.serial, hub: hub.name })
        }
        confirmLabel={t('serialScan.stock.removeConfirm')}
        onDelete={async ({ units }) => {
          // At most MAX_SERIALS a command; a refusal on the device stops there (its toast says
          // why) and the dialog closes either way.
          let removed = 0;
          for (const part of chunks(units, MAX_SERIALS)) {
            const result = await runCommand(engine, 'remove_serials', {
              hub_id: hub.id,
              units: part.map((u) => ({ unit_id: u.id, serial: u.serial })),
            });
            if (!result.ok) break;
            removed += part.length;
          }
          if (removed === 1) toast.success(t('serialScan.stock.removed', { serial: units[0]!.serial }));
          else if (removed > 1) toast.success(t('serialScan.stock.removedMany', { count: removed }));
          return true;
        }}
      />
      {open === 'import' && (
        <SerialImportDialog
          registered={registered}
          known={known.ready}
          listed={listed}
          onAdd={(serials) => setDraft((list) => [...list, ...serials.filter((s) => !list.includes(s))])}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
