// The header's search box (spec 2.9's 'Search shipments, vehicles...', made
// real, issue 10): shipments by batch, container or plate and vehicles by
// plate or ship name, over the local rows (offline too). A shipment opens its
// detail; a vehicle opens the in-transit list filtered by its plate.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Search, Ship, Truck } from 'lucide-react';
import { searchLocal, type SearchHit } from '../lib/search';
import { useRxQuery } from '../lib/use-rx-query';
import { Input } from './ui/input';
import { Popover, PopoverAnchor, PopoverContent } from './ui/popover';

export const SEARCH_PLACEHOLDER = 'Search shipments, vehicles...';
const ALL = { selector: {} };

function Results({ query, onPick }: { query: string; onPick: (hit: SearchHit) => void }) {
  const shipments = useRxQuery('shipments', ALL);
  const containers = useRxQuery('containers', ALL);
  const vehicles = useRxQuery('vehicles', ALL);
  const hits = useMemo(
    () => searchLocal(query, { shipments: shipments.rows, containers: containers.rows, vehicles: vehicles.rows }),
    [query, shipments.rows, containers.rows, vehicles.rows],
  );
  if (hits.length === 0) return <p className="p-3 text-sm text-muted-foreground">Tidak ditemukan.</p>;
  return (
    <ul className="grid" role="listbox" aria-label="Hasil pencarian" data-testid="search-results">
      {hits.map((hit) => (
        <li key={`${hit.kind}:${hit.id}`} role="option" aria-selected={false}>
          <button
            type="button"
            className="flex min-h-11 w-full items-center gap-2 rounded-md px-2 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
            onClick={() => onPick(hit)}
            data-testid="search-hit"
          >
            {hit.kind === 'shipment' ? <Ship className="size-4" aria-hidden="true" /> : <Truck className="size-4" aria-hidden="true" />}
            <span className="grid">
              <span className="font-medium">{hit.title}</span>
              <span className="text-xs text-muted-foreground">{hit.detail}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function GlobalSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const pick = (hit: SearchHit) => {
    setOpen(false);
    setQuery('');
    navigate(
      hit.kind === 'shipment'
        ? `/in-transit-detail?open=${hit.id}`
        : `/in-transit-detail?q=${encodeURIComponent(hit.title)}`,
    );
  };
  return (
    <Popover open={open && query.trim().length >= 2} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <div className="relative hidden w-72 md:block">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            value={query}
            placeholder={SEARCH_PLACEHOLDER}
            aria-label={SEARCH_PLACEHOLDER}
            className="pl-9"
            data-testid="global-search"
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
          />
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        className="w-80 p-1"
        onOpenAutoFocus={(e) => e.preventDefault()}
        data-testid="search-popover"
      >
        <Results query={query} onPick={pick} />
      </PopoverContent>
    </Popover>
  );
}
