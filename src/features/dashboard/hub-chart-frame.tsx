// The frame of the dashboard's hub charts (hub-chart.tsx draws them with recharts, on a chunk of
// its own): each chart's specification, its figure with caption and a box of the chart's
// height, and their grid. The dashboard draws the same frames with a placeholder in the box
// until the chart's code and figures are there (HubChartSkeleton), so the chart takes the
// place it will have from the first paint (issue 43).
import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../lib/i18n';
import type { HubCardData } from './use-dashboard-data';

type Key = ParseKeys;

export interface Series {
  /** The series' key in the data and its name's catalogue key (legend, tooltip). */
  id: string;
  name: Key;
  value: (card: HubCardData) => number;
  color: string;
}

export interface ChartSpec {
  id: 'stock' | 'flow';
  title: Key;
  /** The y-axis's unit, said on the axis and in the tooltip. */
  unit: Key;
  series: Series[];
}

export const HUB_CHARTS: readonly ChartSpec[] = [
  {
    id: 'stock',
    title: 'tower.chart.stockTitle',
    unit: 'tower.chart.stockUnit',
    series: [
      { id: 'tv', name: 'tower.dashboard.stockTv', value: (c) => c.stock.tv, color: 'oklch(0.36 0.08 245)' },
      {
        id: 'bracket',
        name: 'tower.dashboard.stockBracket',
        value: (c) => c.stock.bracket,
        color: 'oklch(0.6 0.1 200)',
      },
    ],
  },
  {
    id: 'flow',
    title: 'tower.chart.flowTitle',
    unit: 'tower.chart.flowUnit',
    series: [
      {
        id: 'incoming',
        name: 'tower.dashboard.incoming',
        value: (c) => c.flow.incoming,
        color: 'oklch(0.55 0.15 75)',
      },
      {
        id: 'outgoing',
        name: 'tower.dashboard.outgoing',
        value: (c) => c.flow.outgoing,
        color: 'oklch(0.5 0.15 30)',
      },
    ],
  },
];

/** Both charts, side by side from md up. */
export function ChartsGrid({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className="grid gap-6 md:grid-cols-2" data-testid={testId}>
      {children}
    </div>
  );
}

/** One chart's figure: its caption (title and unit) over a box of the chart's height. */
export function ChartFrame({
  spec,
  loading = false,
  children,
}: {
  spec: ChartSpec;
  /** A placeholder in the box (its own test id). */
  loading?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const unit = t(spec.unit);
  const titleId = `hub-chart-${spec.id}-title${loading ? '-loading' : ''}`;
  return (
    <figure
      className="grid gap-2"
      data-testid={`hub-chart-${spec.id}${loading ? '-loading' : ''}`}
      data-unit={unit}
      aria-labelledby={titleId}
    >
      <figcaption id={titleId} className="text-sm font-medium">
        {t(spec.title)} <span className="font-normal text-muted-foreground">({unit.toLowerCase()})</span>
      </figcaption>
      <div className="h-64 w-full">{children}</div>
    </figure>
  );
}

/** The charts' frames with a placeholder where each chart will be. */
export function HubChartSkeleton() {
  return (
    <ChartsGrid testId="hub-chart-loading">
      {HUB_CHARTS.map((spec) => (
        <ChartFrame key={spec.id} spec={spec} loading>
          <Skeleton className="size-full" />
        </ChartFrame>
      ))}
    </ChartsGrid>
  );
}
