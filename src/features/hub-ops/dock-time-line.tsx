import { Timer } from 'lucide-react';
import { formatDuration, type Span } from './dock-times';

/** "Antri 12 menit · Muat 40 menit (berjalan)": the dock times of one card. */
export function DockTimeLine({ items }: { items: readonly { label: string; span: Span | null }[] }) {
  const shown = items.filter((i): i is { label: string; span: Span } => i.span !== null);
  if (shown.length === 0) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground"
      data-testid="dock-times"
    >
      <Timer className="size-4 shrink-0" aria-hidden="true" />
      {shown.map(({ label, span }) => (
        <span key={label} data-dock={label}>
          {label} <span className="font-medium text-foreground tabular-nums">{formatDuration(span.ms)}</span>
          {span.running && ' (berjalan)'}
        </span>
      ))}
    </p>
  );
}
