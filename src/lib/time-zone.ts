// The time zone of a hub (issue 30): a time that crosses hubs (a departure, an
// arrival, an unloading) is shown on the clock of the hub where it happened, with
// the zone's name. Hubs store a city, not a zone; Indonesia's three zones follow
// the province, so the zone is derived from the hub's city (or, for a POD with no
// city, its name: "POD Makassar"), and a city this list does not know is in WIB,
// where Java and Sumatra, and so every hub of the spec but the PODs east of them, are.
import { deriveHubInfo, type HubRow } from './session/hub-info';

export type TimeZone = 'Asia/Jakarta' | 'Asia/Makassar' | 'Asia/Jayapura';

export const WIB: TimeZone = 'Asia/Jakarta';
export const WITA: TimeZone = 'Asia/Makassar';
export const WIT: TimeZone = 'Asia/Jayapura';

const LABELS: Record<TimeZone, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/** The zone's Indonesian name: WIB, WITA or WIT (the same in English). */
export function zoneLabel(zone: TimeZone): string {
  return LABELS[zone];
}

// The cities and islands of the provinces on Central Indonesian Time (UTC+8): Bali, the
// Nusa Tenggaras, Sulawesi, and East, North and South Kalimantan.
const WITA_PLACES = [
  'makassar',
  'makasar',
  'bali',
  'denpasar',
  'mataram',
  'lombok',
  'bima',
  'sumbawa',
  'kupang',
  'labuanbajo',
  'flores',
  'maumere',
  'ende',
  'manado',
  'bitung',
  'palu',
  'kendari',
  'baubau',
  'gorontalo',
  'mamuju',
  'parepare',
  'luwuk',
  'balikpapan',
  'samarinda',
  'bontang',
  'tarakan',
  'nunukan',
  'tanjungselor',
  'banjarmasin',
  'banjarbaru',
  'kotabaru',
  'batulicin',
  'sulawesi',
];
// Eastern Indonesian Time (UTC+9): Maluku, North Maluku and Papua.
const WIT_PLACES = [
  'jayapura',
  'sorong',
  'manokwari',
  'merauke',
  'timika',
  'biak',
  'nabire',
  'fakfak',
  'ambon',
  'ternate',
  'tidore',
  'sofifi',
  'tual',
  'saumlaki',
  'papua',
  'maluku',
];

/** The zone of a place's name (a city, or a hub's name), WIB when it names no eastern place. */
export function zoneOfPlace(place: string | null | undefined): TimeZone {
  // Whole words, and two words run together (Labuan Bajo, Bau-Bau), so 'Kendal' is not 'Ende'.
  const words = (place ?? '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const keys = new Set([...words, ...words.slice(1).map((w, i) => words[i] + w)]);
  if (WIT_PLACES.some((p) => keys.has(p))) return WIT;
  if (WITA_PLACES.some((p) => keys.has(p))) return WITA;
  return WIB;
}

/** The zone of a hub: from its city, else its name; WIB for a hub not known (yet). */
export function zoneOfHub(hub: Pick<HubRow, 'name' | 'city' | 'type'> | null | undefined): TimeZone {
  if (!hub) return WIB;
  const { hubCity } = deriveHubInfo(hub);
  return hubCity ? zoneOfPlace(hubCity) : zoneOfPlace(hub.name);
}
