// The items of "Perlu perhatian" (src/lib/attention/attention.ts), as the dashboard's board and the
// bell list them: what it is, where, for how long, and a link to where it is handled
// (plain text when this viewer may open no screen that handles it).
import {
  CalendarClock,
  CheckCircle2,
  ChevronRight,
  ClipboardX,
  FileWarning,
  PackageOpen,
  TabletSmartphone,
  Truck,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { Link } from 'react-router-dom';
import { formatSince, type AttentionItem, type AttentionKind } from '../lib/attention/attention';
import { useT } from '../lib/i18n';

type T = ReturnType<typeof useT>;

const LOOK: Record<AttentionKind, { icon: LucideIcon; label: ParseKeys }> = {
  eta: { icon: CalendarClock, label: 'tower.attention.kinds.eta' },
  waiting_unload: { icon: PackageOpen, label: 'common.waitingToUnload' },
  waiting_load: { icon: Truck, label: 'tower.attention.kinds.waitingLoad' },
  discrepancy: { icon: ClipboardX, label: 'tower.attention.kinds.discrepancy' },
  evidence: { icon: FileWarning, label: 'tower.attention.kinds.evidence' },
  device: { icon: TabletSmartphone, label: 'tower.attention.kinds.device' },
};

function detail(t: T, item: AttentionItem, hubName: string | undefined): string {
  const hub = hubName ?? '';
  const since = formatSince(item.sinceMs);
  switch (item.kind) {
    case 'eta':
      return hub ? t('tower.attention.etaTo', { hub, since }) : t('tower.attention.eta', { since });
    case 'waiting_unload':
    case 'waiting_load':
      return hub ? t('tower.attention.waitingAt', { hub, since }) : t('tower.attention.waiting', { since });
    case 'discrepancy':
      return hub
        ? t('tower.attention.discrepancyAt', { hub, since })
        : t('tower.attention.discrepancy', { since });
    case 'evidence': {
      const count = item.missing ?? 0;
      return hub
        ? t('tower.attention.evidenceAt', { hub, since, count })
        : t('tower.attention.evidence', { since, count });
    }
    case 'device': {
      const outbox = item.outboxSize ? t('tower.attention.outbox', { count: item.outboxSize }) : '';
      return (
        (hub ? t('tower.attention.deviceAt', { hub, since }) : t('tower.attention.device', { since })) +
        outbox
      );
    }
  }
}

function Item({ item, hubName }: { item: AttentionItem; hubName: string | undefined }) {
  const t = useT();
  const { icon: Icon } = LOOK[item.kind];
  const label = t(LOOK[item.kind].label);
  const link = !!item.href;
  const body = (
    <>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        {/* A link looks like one (issue 41): underlined, with a chevron, a ring when focused. */}
        <span
          className={`font-medium break-words ${link ? 'text-primary underline underline-offset-2' : ''}`}
          data-testid="attention-item-title"
        >
          {label}: {item.subject}
        </span>
        <span className="text-sm text-muted-foreground">{detail(t, item, hubName)}</span>
      </span>
      {link && (
        <ChevronRight
          className="mt-0.5 size-5 shrink-0 text-muted-foreground"
          aria-hidden="true"
          data-testid="attention-item-chevron"
        />
      )}
    </>
  );
  const className = 'flex items-start gap-2 rounded-md p-2 text-sm';
  return (
    <li data-testid="attention-item" data-kind={item.kind} data-id={item.id}>
      {item.href ? (
        <Link
          to={item.href}
          className={`${className} outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring`}
        >
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
  const t = useT();
  if (items.length === 0) {
    return (
      <p
        className="flex items-center gap-2 p-2 text-sm text-muted-foreground"
        data-testid={`${testId}-empty`}
      >
        <CheckCircle2 className="size-4" aria-hidden="true" />
        {t('tower.attention.none')}
      </p>
    );
  }
  return (
    <ul className="grid gap-1" data-testid={testId} aria-label={t('tower.attention.title')}>
      {items.map((item) => (
        <Item
          key={`${item.kind}:${item.id}`}
          item={item}
          hubName={item.hubId ? hubNames.get(item.hubId) : undefined}
        />
      ))}
    </ul>
  );
}
