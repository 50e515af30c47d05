// The hub operations screens' toasts and failures: the spec's (sections 5, 8.2, 8.3, 2.9)
// verbatim in Bahasa Indonesia, and the few it has none for. Since issue 30 the text lives in
// the catalogues (src/lib/i18n/hub-ops-*.ts, key hubOps.messages); these getters and functions
// read it at the moment a toast is shown, in the device's language. Command validation
// messages are the server's, by key (catalogue `server`).
import { MESSAGES } from '../../../sync/pure';
import { t } from '../../lib/i18n';
import { MASTER_DATA_FAILURE, MASTER_DATA_TOAST } from '../../lib/writes/master-data-forms';

export { MESSAGES };

// spec 8.3: success toasts
export const TOAST = {
  get vendorAdded(): string {
    return MASTER_DATA_TOAST.vendorAdded;
  },
  get vendorUpdated(): string {
    return MASTER_DATA_TOAST.vendorUpdated;
  },
  get vehicleTypeAdded(): string {
    return MASTER_DATA_TOAST.vehicleTypeAdded;
  },
  get seaFleetAdded(): string {
    return t('hubOps.messages.toast.seaFleetAdded');
  },
  queued: (n: number): string => t('hubOps.messages.toast.queued', { n }),
  get vehicleAdded(): string {
    return t('hubOps.messages.toast.vehicleAdded');
  },
  get arrivalConfirmed(): string {
    return t('hubOps.messages.toast.arrivalConfirmed');
  },
  get unloadingStarted(): string {
    return t('hubOps.messages.toast.unloadingStarted');
  },
  get unloadingCompleted(): string {
    return t('hubOps.messages.toast.unloadingCompleted');
  },
  get daratShipped(): string {
    return t('hubOps.messages.toast.daratShipped');
  },
  poljakShipped: (x: string): string => t('hubOps.messages.toast.poljakShipped', { destination: x }),
  get polsubShipped(): string {
    return t('hubOps.messages.toast.polsubShipped');
  },
  get loadingStarted(): string {
    return t('hubOps.messages.toast.loadingStarted');
  },
  // not in the spec
  get removedFromQueue(): string {
    return t('hubOps.messages.toast.removedFromQueue');
  },
  get loadingFinished(): string {
    return t('hubOps.messages.toast.loadingFinished');
  },
};

// spec 8.2: failures (the destructive toast's description when the engine gives none); the
// engine's own message inside one is shown in the device's language too.
export const FAILURE = {
  get addVendor(): string {
    return MASTER_DATA_FAILURE.addVendor;
  },
  get updateVendor(): string {
    return MASTER_DATA_FAILURE.updateVendor;
  },
  get addVehicleType(): string {
    return MASTER_DATA_FAILURE.addVehicleType;
  },
  get addToQueue(): string {
    return t('hubOps.messages.failure.addToQueue');
  },
  get seaFleet(): string {
    return t('hubOps.messages.failure.seaFleet');
  },
  addVehicle: (message: string): string =>
    t('hubOps.messages.failure.addVehicle', { message }),
  get submitShipping(): string {
    return t('hubOps.messages.failure.submitShipping');
  },
  get createShipment(): string {
    return t('hubOps.messages.failure.createShipment');
  },
  get saveData(): string {
    return t('hubOps.messages.failure.saveData');
  },
  get updateVehicleStatus(): string {
    return t('hubOps.messages.failure.updateVehicleStatus');
  },
  confirmArrival: (message: string): string =>
    t('hubOps.messages.failure.confirmArrival', { message }),
  startUnloading: (message: string): string =>
    t('hubOps.messages.failure.startUnloading', { message }),
  completeUnloading: (message: string): string =>
    t('hubOps.messages.failure.completeUnloading', { message }),
  completeLoading: (message: string): string =>
    t('hubOps.messages.failure.completeLoading', { message }),
  get noHub(): string {
    return t('hubOps.messages.failure.noHub');
  },
};

// spec 5 and 9: images of the shipping forms (the limits' messages are the commands', by key)
export const IMAGE_RULES = {
  darat: {
    get max(): string {
      return t('server.maxTwoImages');
    },
    get type(): string {
      return t('hubOps.messages.imageType.darat');
    },
    min: null,
  },
  poljak: {
    get max(): string {
      return t('server.poljak.maxImages');
    },
    get type(): string {
      return t('hubOps.messages.imageType.poljak');
    },
    get min(): string {
      return t('server.poljak.minImages');
    },
  },
  polsub: {
    get max(): string {
      return t('server.polsub.maxImages');
    },
    get type(): string {
      return t('hubOps.messages.imageType.polsub');
    },
    get min(): string {
      return t('server.polsub.minImages');
    },
  },
};

/** spec 9: the camera on a desktop. */
export function cameraDesktopOnly(): string {
  return t('hubOps.messages.cameraDesktopOnly');
}

// spec 2.9
/** The empty history, in the device's language. */
export function historyEmpty(): string {
  return t('hubOps.messages.historyEmpty');
}
// Data, not a text shown: the vehicle type an added vehicle starts with (its name in master data).
export const DEFAULT_VEHICLE_TYPE = 'Truk Fuso';

// not in the spec
export function uploadPending(): string {
  return t('hubOps.messages.uploadPending');
}
export function uploadRefused(): string {
  return t('hubOps.messages.uploadRefused');
}
export function uploadDone(): string {
  return t('hubOps.messages.uploadDone');
}

// Shared by every screen (src/lib/i18n/default-strings.ts).
export { PENDING_SYNC, REJECTED_TITLE } from '../../lib/i18n/default-strings';
