import { CloudUpload } from 'lucide-react';
import { Badge } from './ui/badge';
import { useT } from '../lib/i18n';

/** Marks a row changed by a command the server has not accepted yet. */
export function PendingBadge() {
  const t = useT();
  return (
    <Badge variant="warning" data-testid="pending-badge" title={t('sync.pendingTitle')}>
      <CloudUpload aria-hidden="true" />
      {t('sync.pending')}
    </Badge>
  );
}
