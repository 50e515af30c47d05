import { Timer } from 'lucide-react';
import { useT } from '../../lib/i18n';
import { formatDuration, type Span } from './dock-times';

export interface DockTimeItem {
  /** Names the item (data-dock) whatever the language, e.g. 'Antri'; the label when absent. */
  id?: string;
  label: string;
  span: Span | null;
}

/** "Antri 12 menit · Muat 40 menit (berjalan)": the dock times of one card. */
export function DockTimeLine({ items }: { items: readonly DockTimeItem[] }) {
  const t = useT();
  const shown = items.filter((i): i is DockTimeItem & { span: Span } => i.span !== null);
  if (shown.length === 0) return null;
  return (
    // The icon keeps to the first line; the times wrap beside it, never under it (on a phone a
    // long wait took a line of its own and left the icon alone above it).
    <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="dock-times">
      <Timer className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="flex min-w-0 flex-wrap gap-x-3 gap-y-1">
        {shown.map(({ id, label, span }) => (
          <span key={id ?? label} data-dock={id ?? label}>
            {label}{' '}
            <span className="font-medium text-foreground tabular-nums">{formatDuration(span.ms)}</span>
            {span.running && ` ${t('hubOps.dock.running')}`}
          </span>
        ))}
      </span>
    </p>
  );
}
