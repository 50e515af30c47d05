// The hub operations screens' toasts and failures: the spec's (sections 5, 8.2, 8.3, 2.9)
// verbatim in Bahasa Indonesia, and the few it has none for. Since issue 30 the text lives in
// the catalogues (src/lib/i18n/hub-ops-*.ts, key hubOps.messages): screens call t(); what is
// left here are the texts made with a value, and the image rules by form. Command validation
// messages are the server's, by key (catalogue `server`).
import { MESSAGES } from '../../../sync/pure';
import { t } from '../../lib/i18n';

export { MESSAGES };

// spec 8.3: success toasts
export const TOAST = {
  queued: (n: number): string => t('hubOps.messages.toast.queued', { n }),
  poljakShipped: (x: string): string => t('hubOps.messages.toast.poljakShipped', { destination: x }),
};

// spec 8.2: failures (the destructive toast's description when the engine gives none); the
// engine's own message inside one is shown in the device's language too.
export const FAILURE = {
  addVehicle: (message: string): string => t('hubOps.messages.failure.addVehicle', { message }),
  confirmArrival: (message: string): string => t('hubOps.messages.failure.confirmArrival', { message }),
  startUnloading: (message: string): string => t('hubOps.messages.failure.startUnloading', { message }),
  completeUnloading: (message: string): string => t('hubOps.messages.failure.completeUnloading', { message }),
  completeLoading: (message: string): string => t('hubOps.messages.failure.completeLoading', { message }),
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
  return t('common.waitingToUpload');
}
export function uploadRefused(): string {
  return t('common.uploadRefused');
}
export function uploadDone(): string {
  return t('hubOps.messages.uploadDone');
}

// Shared by every screen (src/lib/i18n/default-strings.ts).
export { PENDING_SYNC, REJECTED_TITLE } from '../../lib/i18n/default-strings';
