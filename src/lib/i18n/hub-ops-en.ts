// English for the hub operations screen (src/features/hub-ops) (issue 30): the same keys as hub-ops-id.ts.
import type { hubOpsId } from './hub-ops-id';

export const hubOpsEn: typeof hubOpsId = {
  messages: {
    toast: {
      seaFleetAdded: 'Sea fleet added successfully',
      queued: '{{n}} vehicle(s) added to the queue successfully',
      vehicleAdded: 'Vehicle added successfully',
      arrivalConfirmed: 'Arrival confirmed successfully',
      unloadingStarted: 'Unloading started',
      unloadingCompleted: 'Unloading completed successfully',
      daratShipped: 'Shipping record created successfully. Vehicle status updated.',
      poljakShipped: 'Shipment created successfully with status OTW {{destination}}',
      polsubShipped: 'Shipping data saved successfully',
      loadingStarted: 'Vehicle moved to loading process',
      removedFromQueue: 'Vehicle removed from the queue',
      loadingFinished: 'Loading finished. Complete the shipping form.',
    },
    failure: {
      addToQueue: 'Failed to add vehicles to queue',
      seaFleet: 'Failed to save the sea fleet',
      addVehicle: 'Failed to add vehicle: {{message}}',
      submitShipping: 'Failed to submit shipping form',
      createShipment: 'Failed to create shipment',
      saveData: 'An error occurred while saving the data',
      updateVehicleStatus: 'Failed to update vehicle status',
      confirmArrival: 'Failed to confirm arrival: {{message}}',
      startUnloading: 'Failed to start unloading: {{message}}',
      completeUnloading: 'Failed to complete unloading: {{message}}',
      completeLoading: 'Failed to complete loading: {{message}}',
      noHub: 'Vehicle ID or destination hub ID not found',
    },
    imageType: {
      darat: 'Only JPG and PNG files are allowed',
      poljak: 'Only JPG and PNG files are allowed',
      polsub: 'Only JPG, JPEG and PNG files are allowed',
    },
    cameraDesktopOnly: 'Camera is only available on mobile devices',
    historyEmpty: 'History is empty',
    uploadPending: 'Waiting to upload',
    uploadDone: 'Uploaded',
    hubUnresolved: 'This hub is not on this device yet. Wait for the first sync.',
  },
};
