// Each hub's stock and flow (recharts; this file is loaded on its own chunk so the first
// screen stays light). Two charts, each with one y-axis of one unit (issue 30): stock in
// units on one, shipments on the way in and out on the other. On one chart with two axes
// a count of 3 stood as tall as 210 units of stock.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../lib/format-date';
import type { HubCardData } from './use-dashboard-data';
import { HUB_LABELS } from './messages';

interface Series {
  name: string;
  value: (card: HubCardData) => number;
  color: string;
}

interface ChartSpec {
  id: 'stock' | 'flow';
  title: string;
  /** The y-axis's unit, said on the axis and in the tooltip. */
  unit: string;
  series: Series[];
}

export const HUB_CHARTS: readonly ChartSpec[] = [
  {
    id: 'stock',
    title: 'Stok per hub',
    unit: 'Unit barang',
    series: [
      { name: 'Stok TV', value: (c) => c.stock.tv, color: 'oklch(0.36 0.08 245)' },
      { name: 'Stok Bracket', value: (c) => c.stock.bracket, color: 'oklch(0.6 0.1 200)' },
    ],
  },
  {
    id: 'flow',
    title: 'Pengiriman OTW per hub',
    unit: 'Jumlah pengiriman',
    series: [
      { name: 'OTW masuk', value: (c) => c.flow.incoming, color: 'oklch(0.55 0.15 75)' },
      { name: 'OTW keluar', value: (c) => c.flow.outgoing, color: 'oklch(0.5 0.15 30)' },
    ],
  },
];

function OneChart({ spec, cards }: { spec: ChartSpec; cards: readonly HubCardData[] }) {
  const data = cards.map((c) => ({
    hub: HUB_LABELS[c.kind],
    ...Object.fromEntries(spec.series.map((s) => [s.name, s.value(c)])),
  }));
  const titleId = `hub-chart-${spec.id}-title`;
  return (
    <figure className="grid gap-2" data-testid={`hub-chart-${spec.id}`} data-unit={spec.unit} aria-labelledby={titleId}>
      <figcaption id={titleId} className="text-sm font-medium">
        {spec.title} <span className="font-normal text-muted-foreground">({spec.unit.toLowerCase()})</span>
      </figcaption>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="hub" tick={{ fontSize: 14 }} />
            <YAxis
              allowDecimals={false}
              tickFormatter={(value) => formatNumber(Number(value))}
              tick={{ fontSize: 14 }}
              label={{ value: spec.unit, angle: -90, position: 'insideLeft', offset: -8, style: { textAnchor: 'middle' } }}
            />
            <Tooltip formatter={(value) => `${formatNumber(Number(value))} ${spec.unit.toLowerCase()}`} />
            {/* In the order of the bars, not alphabetical (recharts 3 sorts by name by default). */}
            <Legend itemSorter={null} />
            {spec.series.map((s) => (
              <Bar key={s.name} dataKey={s.name} fill={s.color} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export default function HubChart({ cards }: { cards: readonly HubCardData[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-2" data-testid="hub-chart">
      {HUB_CHARTS.map((spec) => (
        <OneChart key={spec.id} spec={spec} cards={cards} />
      ))}
    </div>
  );
}
