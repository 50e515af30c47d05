// English for the texts of src/lib's shared modules (issue 30): the same keys as lib-id.ts.
// The spec's texts that are the same in both languages are read from libId, not written twice.
import { libId } from './lib-id';

export const libEn: typeof libId = {
  commands: {
    queue_vehicles: 'Add to queue',
    start_loading: 'Start Loading',
    remove_from_queue: 'Remove from queue',
    finish_loading: 'Finish Loading',
    create_shipment_darat: 'Create shipment (land)',
    create_shipment_poljak: 'Create shipment (PolJak)',
    create_shipment_polsub: 'Create shipment (PolSub)',
    set_shipment_image: 'Upload document',
    confirm_arrival: 'Confirm Arrival',
    start_unloading: 'Start Unloading',
    complete_unloading: 'Finish Unloading',
    pod_confirm_arrival: 'POD Confirm Arrival',
    pod_start_unloading: 'POD Start Unloading',
    pod_complete: 'POD Complete',
    add_inventory: 'Add inventory',
    add_warehouse: 'Add warehouse',
    set_warehouse_capacity: 'Set warehouse capacity',
    add_vendor: 'Add vendor',
    edit_vendor: 'Edit vendor',
    delete_vendor: 'Delete vendor',
    add_vehicle_type: 'Add vehicle type',
    add_vehicle: 'Add vehicle',
    add_sea_fleet: 'Add sea fleet',
    edit_vehicle: 'Edit vehicle',
    delete_vehicle: 'Delete vehicle',
    add_hub: 'Add hub',
    edit_hub: 'Edit hub',
    delete_hub: 'Delete hub',
    undo_command: 'Undo',
    correct_shipment_counts: 'Correct shipment counts',
    void_shipment: 'Void shipment',
    resolve_discrepancy: 'Resolve discrepancy',
    attach_document: 'Attach document',
    attach_correction: 'Attach replacement document',
    register_serials: 'Register TV serials',
    remove_serials: 'Remove TV serials',
  },
  roles: libId.roles,
  // The menu's names are the spec's English in both languages, but for one.
  nav: {
    ...libId.nav,
    inventoryWarehouse: 'Warehouse Inventory',
  },
  undo: {
    undone: 'Action undone',
  },
  command: {
    databaseNotReady: 'The local database is not ready yet.',
  },
};
