// Selesai Bongkar with notes (spec 4.2): the shipment is selesai, the load is
// booked into this hub's warehouse (one row per item type above zero) and the
// vehicle is ready here again, in one command. On the form pattern; its success toast
// offers Urungkan for ten seconds, as every floor action (issue 29).
import { toast } from 'sonner';
import type { Hub, Shipment } from '../../../sync/pure';
import { FormDialog } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { useCommandForm } from '../../lib/use-command-form';
import { useSyncEngine } from '../../lib/sync-engine';
import { offerUndo } from '../../lib/undo-offer';
import { FAILURE, TOAST } from './messages';

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
  const { form, onSubmit, saving } = useCommandForm({
    defaultValues: { notes: '' },
    submit: ({ notes }) => ({
      command: 'complete_unloading',
      payload: {
        hub_id: hub.id,
        shipment_id: shipment.id,
        notes,
        smartboard_inventory_id: crypto.randomUUID(),
        bracket_inventory_id: crypto.randomUUID(),
      },
      failure: FAILURE.completeUnloading,
    }),
    onDone: () => {
      const id = engine?.undoableCommand('complete_unloading', shipment.id);
      if (engine && id) offerUndo(engine, id, TOAST.unloadingCompleted);
      else toast.success(TOAST.unloadingCompleted);
      onClose();
    },
  });
  return (
    <FormDialog
      title="Selesai Bongkar"
      description={`${shipment.batch_number}: ${shipment.smartboard_quantity} TV dan ${shipment.bracket_quantity} bracket masuk ke gudang ${hub.name}.`}
      testId="complete-unloading-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
      submitLabel="Selesai Bongkar"
      savingLabel="Processing..."
      submitTestId="complete-unloading-submit"
    >
      <TextareaField
        form={form}
        name="notes"
        id="unloading-notes"
        label="Catatan (Opsional)"
        placeholder="Kondisi barang, kekurangan, kerusakan..."
      />
    </FormDialog>
  );
}
