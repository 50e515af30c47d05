// Each hub's stock and flow as a small bar chart (recharts; this file is
// loaded on its own chunk so the first screen stays light).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { HubCardData } from './use-dashboard-data';
import { HUB_LABELS } from './messages';

export default function HubChart({ cards }: { cards: readonly HubCardData[] }) {
  const data = cards.map((c) => ({
    hub: HUB_LABELS[c.kind],
    'Stok TV': c.stock.tv,
    'Stok Bracket': c.stock.bracket,
    'OTW masuk': c.flow.incoming,
    'OTW keluar': c.flow.outgoing,
  }));
  return (
    <div className="h-64 w-full" data-testid="hub-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hub" tick={{ fontSize: 12 }} />
          <YAxis yAxisId="stock" tick={{ fontSize: 12 }} />
          <YAxis yAxisId="flow" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar yAxisId="stock" dataKey="Stok TV" fill="oklch(0.36 0.08 245)" />
          <Bar yAxisId="stock" dataKey="Stok Bracket" fill="oklch(0.6 0.1 200)" />
          <Bar yAxisId="flow" dataKey="OTW masuk" fill="oklch(0.7 0.15 75)" />
          <Bar yAxisId="flow" dataKey="OTW keluar" fill="oklch(0.6 0.15 30)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
