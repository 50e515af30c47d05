// English for evidence capture settings (location) and the BAST's server time (issue 30): the same keys as evidence-id.ts.
import type { evidenceId } from './evidence-id';

export const evidenceEn: typeof evidenceId = {
  locationTitle: 'Evidence photo location',
  locationLabel: 'Include location with evidence photos',
  locationHint:
    'Evidence photos, signatures and handover documents taken on this device record its coordinates and their accuracy. Applies to this device only, also after signing out.',
  locationAsking: 'Asking the browser for location permission...',
  locationOn: 'Location is included with evidence photos.',
  locationOff: 'Evidence photos are stored without location.',
  locationDenied:
    'The browser refused location access. Allow location for this app in the browser settings, then switch it on again.',
  locationUnavailable: 'The location cannot be read right now; evidence photos record it when available.',
  locationUnsupported: 'This browser does not provide location.',
  locationRevoked:
    'Location permission was revoked in the browser: evidence photos are stored without location until it is allowed again.',
};
