// Spec 4.1: the one badge a vehicle shows, by priority.
import type { Vehicle } from '../model/rows';

export type VehicleBadge = 'Sedang Muat' | 'Siap Muat' | 'Ready' | 'Tidak Aktif';

export function vehicleBadge(v: Pick<Vehicle, 'sedang_muat' | 'siap_muat' | 'ready'>): VehicleBadge {
  if (v.sedang_muat) return 'Sedang Muat';
  if (v.siap_muat) return 'Siap Muat';
  if (v.ready) return 'Ready';
  return 'Tidak Aktif';
}
