import { CloudUpload } from 'lucide-react';
import { Badge } from './ui/badge';
import { PENDING_SYNC } from '../lib/messages';

/** Marks a row changed by a command the server has not accepted yet. */
export function PendingBadge() {
  return (
    <Badge variant="warning" data-testid="pending-badge" title="Perubahan ini belum sampai ke server">
      <CloudUpload aria-hidden="true" />
      {PENDING_SYNC}
    </Badge>
  );
}
