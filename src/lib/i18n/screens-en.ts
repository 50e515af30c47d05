// English for the management screens (the same keys as screens-id.ts).
import type { screensId } from './screens-id';
import { screensDataEn } from './screens-data-en';
import { screensManageEn } from './screens-manage-en';

export const screensEn: typeof screensId = {
  ...screensManageEn,
  ...screensDataEn,
  screens: {
    vendors: 'Vendors',
    vendorDetail: 'Vendor Detail',
    hubs: 'Hub Management',
    statuses: 'Status Shipment Management',
    hubActivity: 'Inventory Activity',
    pod: 'POD Management',
    users: 'User Management',
    audit: 'Audit Trail',
  },
  settings: {
    title: 'Settings',
    description: 'This device: its sync, its storage, the app version and a diagnostics file for support.',
    syncCard: 'Sync on this device',
    storageCard: 'Storage on this device',
    storageUsed: 'Used',
    storageQuota: 'Available to the app',
    storagePersistent: 'Persistent storage',
    storageGranted: 'Granted: the browser will not clear it to free space',
    storageNotGranted: 'Not granted: the browser may clear unsynced work when space runs low',
    storageUnsupported: 'This browser does not report its storage.',
    storageAsk: 'Ask for persistent storage',
    storageRefused: 'The browser did not grant persistent storage. Installing the app usually lets it.',
    versionCard: 'App version',
    versionLabel: 'Version',
    versionBuilt: 'Built',
    updateCheck: 'Check for updates',
    updateChecking: 'Checking...',
    updateNone: 'This is the latest version.',
    updateReady: 'A new version is ready: choose Reload in the notice to use it.',
    updateNoWorker: 'Updates are not available here (no service worker).',
    updateOffline: 'Connect to check for updates.',
    updateFailed: 'The update check failed',
    diagnosticsCard: 'Diagnostics',
    diagnosticsDescription:
      "A file for support with this device's outbox, rejected actions, sync state and versions. It never contains passwords or tokens.",
    diagnosticsExport: 'Export diagnostics',
    diagnosticsDone: 'Diagnostics file saved',
    displayCard: 'Display',
  },
};
