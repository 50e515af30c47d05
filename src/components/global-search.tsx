// The header's search (spec 2.9's 'Search shipments, vehicles...', made real,
// issues 10 and 30): shipments and vehicles by batch, plate, container, ship,
// driver or vendor, over the local rows (offline too), with their status
// labels, newest first. On a wide screen a box in the header; on a phone an
// icon that opens the same search in a dialog. A result opens where it is shown
// (src/lib/shipments/search-target.ts). Below them, online, the older shipments only the
// server holds (issue 26: ./search-older-results.tsx); offline a line that
// older records need a connection. Between them, a query that reads as a TV's serial number
// offers that unit's page (issue 42, find a unit).
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Barcode, Search, Ship, Truck } from 'lucide-react';
import { normalizeSerial, vehicleBadge, type VehicleBadge } from '../../sync/pure';
import type { Viewer } from '../lib/session/access';
import { useT } from '../lib/i18n';
import { searchLocal, type SearchHit } from '../lib/shipments/search';
import { searchTarget } from '../lib/shipments/search-target';
import type { StatusLooks } from '../lib/shipments/shipment-status';
import { useSession } from '../lib/session/session';
import { ALL_ROWS, useRxQuery } from '../lib/hooks/use-rx-query';
import { useStatusLooks } from '../lib/shipments/use-status-looks';
import { SearchOlderResults } from './search-older-results';
import { StatusBadge } from './status-badge';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { Input } from './ui/input';
import { Popover, PopoverAnchor, PopoverContent } from './ui/popover';

const MIN_QUERY = 2;

/** A vehicle's badge (spec 4.1) in the device's language. */
const BADGE_KEYS = {
  'Sedang Muat': 'hubOps.page.tabs.loading',
  'Siap Muat': 'hubOps.page.tabs.ready',
  Ready: 'common.ready',
  'Tidak Aktif': 'common.inactive',
} as const satisfies Record<VehicleBadge, string>;

function HitContent({ hit, looks }: { hit: SearchHit; looks: StatusLooks }) {
  const t = useT();
  return (
    <>
      {hit.kind === 'shipment' ? (
        <Ship className="size-4 shrink-0" aria-hidden="true" />
      ) : (
        <Truck className="size-4 shrink-0" aria-hidden="true" />
      )}
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-medium" data-testid="search-hit-title">
          {hit.title}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {hit.detail || (hit.kind === 'vehicle' ? t('common.vehicle') : '')}
        </span>
      </span>
      <span className="shrink-0" data-testid="search-hit-status">
        {hit.kind === 'shipment' ? (
          <StatusBadge status={hit.shipment.status} looks={looks} />
        ) : (
          <Badge variant="outline">{t(BADGE_KEYS[vehicleBadge(hit.vehicle)])}</Badge>
        )}
      </span>
    </>
  );
}

const HIT_ROW = 'flex min-h-11 w-full items-center gap-2 rounded-md px-2 py-1 text-left text-sm';
const PICKABLE = `${HIT_ROW} hover:bg-accent focus-visible:bg-accent focus-visible:outline-none`;

/**
 * Issue 42, find a unit: a query that reads as a TV's serial number (with a digit in it) offers
 * that unit's page, with where this tablet holds it, if it does.
 */
function SerialHit({ query, onPick }: { query: string; onPick: (path: string) => void }) {
  const t = useT();
  const normal = normalizeSerial(query);
  const serial = normal && /[0-9]/.test(normal) ? normal : null;
  const held = useRxQuery('tv_units', serial ? { selector: { serial } } : null);
  if (!serial) return null;
  const unit = held.rows.find((u) => !u.deleted);
  return (
    <button
      type="button"
      className={PICKABLE}
      onClick={() => onPick(`/unit/${encodeURIComponent(serial)}`)}
      data-testid="search-serial-hit"
    >
      <Barcode className="size-4 shrink-0" aria-hidden="true" />
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-medium" data-testid="search-hit-title">
          {t('unit.searchHit', { serial })}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {unit ? t(`unit.state.${unit.state}`) : t('unit.searchKind')}
        </span>
      </span>
    </button>
  );
}

function Results({ query, onPick }: { query: string; onPick: (path: string) => void }) {
  const t = useT();
  const viewer = useViewer();
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const hubsById = useMemo(() => new Map(hubs.rows.map((h) => [h.id, h])), [hubs.rows]);
  const shipments = useRxQuery('shipments', ALL_ROWS);
  const containers = useRxQuery('containers', ALL_ROWS);
  const vehicles = useRxQuery('vehicles', ALL_ROWS);
  const vendors = useRxQuery('vendors', ALL_ROWS);
  const looks = useStatusLooks();
  const { hits, total } = useMemo(
    () =>
      searchLocal(query, {
        shipments: shipments.rows,
        containers: containers.rows,
        vehicles: vehicles.rows,
        vendors: vendors.rows,
        looks,
      }),
    [query, shipments.rows, containers.rows, vehicles.rows, vendors.rows, looks],
  );
  const heldIds = useMemo(() => new Set(shipments.rows.map((s) => s.id)), [shipments.rows]);
  const older = <SearchOlderResults query={query} heldIds={heldIds} hubsById={hubsById} looks={looks} />;
  const serialHit = <SerialHit query={query} onPick={onPick} />;
  if (hits.length === 0)
    return (
      <div className="grid gap-1">
        <p className="p-3 text-sm text-muted-foreground">{t('tower.search.none')}</p>
        {serialHit}
        {older}
      </div>
    );
  return (
    <div className="grid gap-1">
      <ul className="grid" aria-label={t('tower.search.results')} data-testid="search-results">
        {hits.map((hit) => {
          const path = viewer ? searchTarget(hit, viewer, hubsById) : null;
          return (
            <li key={`${hit.kind}:${hit.id}`}>
              {path ? (
                <button
                  type="button"
                  className={PICKABLE}
                  onClick={() => onPick(path)}
                  data-testid="search-hit"
                  data-kind={hit.kind}
                >
                  <HitContent hit={hit} looks={looks} />
                </button>
              ) : (
                // Nothing this viewer may open shows it: the result itself is the answer.
                <div className={HIT_ROW} data-testid="search-hit" data-kind={hit.kind}>
                  <HitContent hit={hit} looks={looks} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {total > hits.length && (
        <p className="px-2 pb-1 text-xs text-muted-foreground" data-testid="search-more">
          {t('tower.search.more', { shown: hits.length, total })}
        </p>
      )}
      {serialHit}
      {older}
    </div>
  );
}

function SearchInput({
  query,
  onChange,
  onFocus,
  testId,
}: {
  query: string;
  onChange: (query: string) => void;
  onFocus?: () => void;
  testId: string;
}) {
  const t = useT();
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={query}
        placeholder={t('tower.search.placeholder')}
        aria-label={t('tower.search.placeholder')}
        className="pl-9"
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
        onFocus={onFocus}
      />
    </div>
  );
}

/** Who is searching, for what they may open. */
function useViewer(): Viewer | null {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  const { role, hubId, hubInfo } = session.profile;
  return { role, hubId, hubInfo };
}

/** Closes the search, then goes to the picked result's screen. */
function usePick(done: () => void): (path: string) => void {
  const navigate = useNavigate();
  return (path) => {
    done();
    navigate(path);
  };
}

/** On a phone: an icon in the header that opens the search in a dialog. */
function PhoneSearch() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const pick = usePick(() => {
    setOpen(false);
    setQuery('');
  });
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('common.search')}
        onClick={() => setOpen(true)}
        data-testid="global-search-open"
      >
        <Search aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="top-4 translate-y-0 gap-3 p-4" data-testid="search-dialog">
          <DialogHeader>
            <DialogTitle>{t('common.search')}</DialogTitle>
            <DialogDescription>{t('tower.search.description')}</DialogDescription>
          </DialogHeader>
          <SearchInput query={query} onChange={setQuery} testId="global-search-phone" />
          {query.trim().length >= MIN_QUERY && <Results query={query} onPick={pick} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

export function GlobalSearch() {
  const t = useT();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const pick = usePick(() => {
    setOpen(false);
    setQuery('');
  });
  return (
    <>
      <PhoneSearch />
      <Popover open={open && query.trim().length >= MIN_QUERY} onOpenChange={setOpen}>
        <PopoverAnchor asChild>
          <div className="hidden w-72 md:block">
            <SearchInput
              query={query}
              onChange={(q) => {
                setQuery(q);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              testId="global-search"
            />
          </div>
        </PopoverAnchor>
        <PopoverContent
          align="start"
          className="max-h-[70svh] w-96 overflow-y-auto p-1"
          onOpenAutoFocus={(e) => e.preventDefault()}
          aria-label={t('tower.search.results')}
          data-testid="search-popover"
        >
          <Results query={query} onPick={pick} />
        </PopoverContent>
      </Popover>
    </>
  );
}
