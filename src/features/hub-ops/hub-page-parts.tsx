// The hub screen's header and tab bar (spec 2.9), memoized: they change with the hub, the tab
// on screen and the tabs' counts, not with the rows of the queues, so a tap that moves a vehicle
// from one queue to the other renders the lists and two numbers (issue 14, P3; issue 29).
import { memo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Building2, ListPlus, Plus, Truck, type LucideIcon } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { QrScannerButton } from '../../components/qr-scanner-button';
import { TabRowFrame } from '../../components/tab-row-frame';
import { VerifyDocumentLink } from '../../components/verify-document-link';
import { tabsListClassName, tabsTriggerClassName } from '../../components/ui/tabs';
import { hubPath, type HubRouteConfig, type TabSlug } from '../../lib/hub-routes';
import { useT } from '../../lib/i18n';
import { cn } from '../../lib/utils';
import type { HubDialog } from './hub-scope';
import type { TabCounts } from './use-tab-counts';

/** The toolbar's buttons, each opening its dialog (Tambah Armada Laut at a port hub only). */
const TOOLBAR: ReadonlyArray<{
  dialog: HubDialog;
  label: `hubOps.page.toolbar.${'queue' | 'addVehicle' | 'addSeaFleet' | 'addVendor'}`;
  Icon: LucideIcon;
  primary?: boolean;
  seaOnly?: boolean;
}> = [
  { dialog: { kind: 'queue' }, label: 'hubOps.page.toolbar.queue', Icon: ListPlus, primary: true },
  { dialog: { kind: 'add-vehicle' }, label: 'hubOps.page.toolbar.addVehicle', Icon: Truck },
  {
    dialog: { kind: 'add-sea-fleet' },
    label: 'hubOps.page.toolbar.addSeaFleet',
    Icon: Anchor,
    seaOnly: true,
  },
  { dialog: { kind: 'add-vendor' }, label: 'hubOps.page.toolbar.addVendor', Icon: Plus },
];

export const HubHeader = memo(function HubHeader({
  title,
  place,
  sea,
  canAdd,
  inbound,
  open,
}: {
  title: string;
  /** The hub's city (or name); '-' while the hub does not resolve. */
  place: string;
  sea: boolean;
  canAdd: boolean;
  /** A receiving hub: Pindai Surat Jalan opens a shipment's arrival step (issue 28). */
  inbound: boolean;
  open: (dialog: HubDialog) => void;
}) {
  const t = useT();
  return (
    <header className="grid gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Building2 className="size-4" aria-hidden="true" />
          {place}
          {sea && <Badge variant="primary">{t('hubOps.page.port')}</Badge>}
        </p>
      </div>
      <div className="flex flex-wrap gap-2" data-testid="hub-toolbar">
        {inbound && <QrScannerButton disabled={!canAdd} />}
        <VerifyDocumentLink />
        {TOOLBAR.filter((action) => sea || !action.seaOnly).map(({ dialog, label, Icon, primary }) => (
          <Button
            key={dialog.kind}
            variant={primary ? 'default' : 'outline'}
            onClick={() => open(dialog)}
            disabled={!canAdd}
          >
            <Icon aria-hidden="true" />
            {t(label)}
          </Button>
        ))}
      </div>
    </header>
  );
});

/**
 * The tabs on one row, each with the number of vehicles or shipments in it (issue 29); on a
 * screen too narrow for them all the row scrolls sideways rather than wrapping. Issue 41: the
 * current tab is filled (inverse colours, in high contrast too) and kept in view (after a
 * reload, a tap, or its count arriving), and an edge with tabs beyond it shows a fade and an
 * arrow (TabRowFrame).
 */
export const HubTabs = memo(function HubTabs({
  config,
  shown,
  counts,
}: {
  config: HubRouteConfig;
  shown: TabSlug;
  counts: TabCounts;
}) {
  const t = useT();
  const nav = useRef<HTMLElement>(null);
  return (
    <TabRowFrame row={nav} current={shown} counts={counts} testId="hub-tabs-frame">
      <nav
        ref={nav}
        aria-label={t('hubOps.page.tabsLabel', { title: t(`hubOps.page.titles.${config.hubType}`) })}
        className={cn(tabsListClassName, 'flex w-full flex-nowrap justify-start')}
        data-testid="hub-tabs"
      >
        {config.tabs.map((slug) => (
          <Link
            key={slug}
            to={hubPath(config.slug, slug)}
            className={cn(
              tabsTriggerClassName,
              'group flex-1 px-2',
              // Filled, not a faint shadow: unmistakable in sunlight and in high contrast.
              'aria-[current=page]:bg-primary aria-[current=page]:font-semibold aria-[current=page]:text-primary-foreground aria-[current=page]:shadow-none aria-[current=page]:hover:text-primary-foreground',
            )}
            aria-current={slug === shown ? 'page' : undefined}
          >
            <span data-testid="hub-tab-label">{t(`hubOps.page.tabs.${slug}`)}</span>
            {/* A space for whoever reads the text: "Siap Muat 2", not "Siap Muat2". */}
            {counts[slug] !== undefined && ' '}
            {counts[slug] !== undefined && (
              <span
                className="min-w-7 rounded-full bg-primary px-2 text-center text-sm font-semibold text-primary-foreground tabular-nums group-aria-[current=page]:bg-primary-foreground group-aria-[current=page]:text-primary"
                data-testid="hub-tab-count"
              >
                {counts[slug]}
              </span>
            )}
          </Link>
        ))}
      </nav>
    </TabRowFrame>
  );
});
