// The items of "Perlu perhatian" (src/lib/attention.ts), as the dashboard's board and the
// bell list them: what it is, where, for how long, and a link to where it is handled
// (plain text when this viewer may open no screen that handles it).
import { CalendarClock, CheckCircle2, ClipboardX, PackageOpen, TabletSmartphone, Truck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatSince, type AttentionItem, type AttentionKind } from '../lib/attention';

export const ATTENTION_TITLE = 'Perlu perhatian';
export const ATTENTION_NONE = 'Tidak ada yang perlu perhatian saat ini.';

const LOOK: Record<AttentionKind, { icon: LucideIcon; label: string }> = {
  eta: { icon: CalendarClock, label: 'ETA terlewat' },
  waiting_unload: { icon: PackageOpen, label: 'Menunggu bongkar' },
  waiting_load: { icon: Truck, label: 'Menunggu muat' },
  discrepancy: { icon: ClipboardX, label: 'Selisih terbuka' },
  device: { icon: TabletSmartphone, label: 'Perangkat belum sinkron' },
};

function detail(item: AttentionItem, hubName: string | undefined): string {
  const where = hubName ?? '';
  const since = formatSince(item.sinceMs);
  switch (item.kind) {
    case 'eta':
      return `${where ? `ke ${where}, ` : ''}terlambat ${since}`;
    case 'waiting_unload':
    case 'waiting_load':
      return `${where ? `${where}, ` : ''}menunggu ${since}`;
    case 'discrepancy':
      return `${where ? `diterima di ${where}, ` : ''}dilaporkan ${since} lalu`;
    case 'device': {
      const outbox = item.outboxSize ? `, ${item.outboxSize} perubahan belum terkirim` : '';
      return `${where ? `${where}, ` : ''}sinkron terakhir ${since} lalu${outbox}`;
    }
  }
}

function Item({ item, hubName }: { item: AttentionItem; hubName: string | undefined }) {
  const { icon: Icon, label } = LOOK[item.kind];
  const body = (
    <>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words">
          {label}: {item.subject}
        </span>
        <span className="text-sm text-muted-foreground">{detail(item, hubName)}</span>
      </span>
    </>
  );
  const className = 'flex items-start gap-2 rounded-md p-2 text-sm';
  return (
    <li data-testid="attention-item" data-kind={item.kind} data-id={item.id}>
      {item.href ? (
        <Link to={item.href} className={`${className} hover:bg-accent focus-visible:outline-2`}>
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}

export function AttentionList({
  items,
  hubNames,
  testId = 'attention-list',
}: {
  items: readonly AttentionItem[];
  hubNames: ReadonlyMap<string, string>;
  testId?: string;
}) {
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 p-2 text-sm text-muted-foreground" data-testid={`${testId}-empty`}>
        <CheckCircle2 className="size-4" aria-hidden="true" />
        {ATTENTION_NONE}
      </p>
    );
  }
  return (
    <ul className="grid gap-1" data-testid={testId} aria-label={ATTENTION_TITLE}>
      {items.map((item) => (
        <Item key={`${item.kind}:${item.id}`} item={item} hubName={item.hubId ? hubNames.get(item.hubId) : undefined} />
      ))}
    </ul>
  );
}
