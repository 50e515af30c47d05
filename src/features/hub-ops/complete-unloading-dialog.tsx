// Selesai Bongkar with notes (spec 4.2): the shipment is selesai, the load is
// booked into this hub's warehouse (one row per item type above zero) and the
// vehicle is ready here again, in one command.
import { useState, type FormEvent } from 'react';
import type { Hub, Shipment } from '../../../sync';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { useSyncEngine } from '../../lib/sync-engine';
import { FormField } from './form-field';
import { FAILURE, TOAST } from './messages';
import { runCommand } from './run-command';

export function CompleteUnloadingDialog({
  hub,
  shipment,
  onClose,
}: {
  hub: Hub;
  shipment: Shipment;
  onClose: () => void;
}) {
  const engine = useSyncEngine();
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await runCommand(
      engine,
      'complete_unloading',
      {
        hub_id: hub.id,
        shipment_id: shipment.id,
        notes,
        smartboard_inventory_id: crypto.randomUUID(),
        bracket_inventory_id: crypto.randomUUID(),
      },
      { success: TOAST.unloadingCompleted, failure: FAILURE.completeUnloading },
    );
    setSaving(false);
    if (result.ok) onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent data-testid="complete-unloading-dialog">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Selesai Bongkar</DialogTitle>
            <DialogDescription>
              {shipment.batch_number}: {shipment.smartboard_quantity} TV dan {shipment.bracket_quantity}{' '}
              bracket masuk ke gudang {hub.name}.
            </DialogDescription>
          </DialogHeader>
          <FormField id="unloading-notes" label="Catatan (Opsional)">
            <Textarea
              id="unloading-notes"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              placeholder="Kondisi barang, kekurangan, kerusakan..."
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Batal
            </Button>
            <Button type="submit" disabled={saving} data-testid="complete-unloading-submit">
              {saving && <Spinner />}
              {saving ? 'Processing...' : 'Selesai Bongkar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
