// Each hub's stock and flow (recharts; this file is loaded on its own chunk so the first
// screen stays light). Two charts, each with one y-axis of one unit (issue 30): stock in
// units on one, shipments on the way in and out on the other. On one chart with two axes
// a count of 3 stood as tall as 210 units of stock.
import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import type { HubCardData } from './use-dashboard-data';
import { HUB_LABEL_KEYS } from './messages';
import { ChartFrame, ChartsGrid, HUB_CHARTS, type ChartSpec } from './hub-chart-frame';

/** The y-axis's label (its unit), upright along the axis. */
const AXIS_LABEL = {
  angle: -90,
  position: 'insideLeft',
  offset: -8,
  style: { textAnchor: 'middle' },
} as const;

/**
 * A hub's name under its bars, a word a line ("Jakarta" over "(Pelabuhan)"): with every tick
 * drawn (interval 0), four names fit side by side at 1280x800 in both languages, where recharts'
 * own ticks dropped the ones that would touch (issue 41).
 */
function HubTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}) {
  const words = String(payload?.value ?? '')
    .split(/\s+/)
    .filter(Boolean);
  return (
    <g transform={`translate(${Number(x ?? 0)},${Number(y ?? 0)})`} data-testid="hub-chart-tick">
      <text textAnchor="middle" fontSize={14} className="fill-muted-foreground">
        {words.map((word, i) => (
          <tspan key={i} x={0} dy={i === 0 ? '0.9em' : '1.2em'}>
            {word}
          </tspan>
        ))}
      </text>
    </g>
  );
}

function OneChart({ spec, cards }: { spec: ChartSpec; cards: readonly HubCardData[] }) {
  const t = useT();
  const unit = t(spec.unit);
  const data = cards.map((c) => ({
    hub: t(HUB_LABEL_KEYS[c.kind]),
    ...Object.fromEntries(spec.series.map((s) => [s.id, s.value(c)])),
  }));
  return (
    <ChartFrame spec={spec}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hub" interval={0} height={48} tick={<HubTick />} />
          <YAxis
            allowDecimals={false}
            tickFormatter={(value) => formatNumber(Number(value))}
            tick={{ fontSize: 14 }}
            label={{ value: unit, ...AXIS_LABEL }}
          />
          <Tooltip formatter={(value) => `${formatNumber(Number(value))} ${unit.toLowerCase()}`} />
          {/* In the order of the bars, not alphabetical (recharts 3 sorts by name by default). */}
          <Legend itemSorter={null} />
          {/* Drawn at their height at once (issue 43): grown over recharts' 1.5 s animation, the
              bars were drawn again every frame while a tablet opened the dashboard. */}
          {spec.series.map((s) => (
            <Bar key={s.id} dataKey={s.id} name={t(s.name)} fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** The same bars: each hub's kind and every plotted value (the cards are new objects each round). */
function samePlot(a: readonly HubCardData[], b: readonly HubCardData[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (card, i) =>
        card.kind === b[i]!.kind &&
        HUB_CHARTS.every((spec) => spec.series.every((s) => s.value(card) === s.value(b[i]!))),
    )
  );
}

// Redrawn only when a bar changes: while a first sync stores rows, the dashboard's figures are
// computed again after every batch, mostly with the same values, and Recharts' redraw is the
// costliest part of that on an admin device (issue 26's profile). A change of language still
// redraws it (each chart reads the catalogue through useT).
export default memo(
  function HubChart({ cards }: { cards: readonly HubCardData[] }) {
    return (
      <ChartsGrid testId="hub-chart">
        {HUB_CHARTS.map((spec) => (
          <OneChart key={spec.id} spec={spec} cards={cards} />
        ))}
      </ChartsGrid>
    );
  },
  (before, after) => samePlot(before.cards, after.cards),
);
