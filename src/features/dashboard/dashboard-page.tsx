import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { PRODUCT_NAME } from '../../lib/messages';

// Placeholder until the dashboard's in-transit, hub and POD cards land (spec 2.4).
export function DashboardPage() {
  return (
    <ScreenPlaceholder
      title={`Dashboard ${PRODUCT_NAME}`}
      description="In-transit totals, the hub status cards and the POD cards will appear here."
    />
  );
}
