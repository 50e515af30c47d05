// Issue 40: every text a command stores is bounded, here and on the server alike
// (public.cmd_require_text_bound, supabase/schemas/functions/cmd_helpers.sql): the
// bound belongs to the payload field, by its name, with the same message on both sides.
// Lengths count characters (code points), as PostgreSQL's char_length does.
import { MESSAGES } from '../messages';

export interface TextBound {
  max: number;
  message: string;
}

const bound = (max: number, message: string): TextBound => ({ max, message });

/** Every text field a command carries, with its bound. */
export const TEXT_BOUNDS = {
  name: bound(100, MESSAGES.warehouseNameTooLong),
  contact_person: bound(100, MESSAGES.textTooLong.person),
  driver_name: bound(100, MESSAGES.textTooLong.person),
  receiver_name: bound(100, MESSAGES.textTooLong.person),
  nama_kapal: bound(100, MESSAGES.textTooLong.person),
  nama_pelayaran: bound(100, MESSAGES.textTooLong.person),
  pelayaran: bound(100, MESSAGES.textTooLong.person),
  city: bound(100, MESSAGES.textTooLong.place),
  location: bound(100, MESSAGES.textTooLong.place),
  license_plate: bound(20, MESSAGES.textTooLong.plate),
  batch_number: bound(50, MESSAGES.textTooLong.batch),
  // A container number is a sea vessel's plate (add_sea_fleet keeps it as license_plate).
  no_container: bound(20, MESSAGES.textTooLong.container),
  container_number: bound(20, MESSAGES.textTooLong.container),
  phone: bound(30, MESSAGES.textTooLong.phone),
  driver_phone: bound(30, MESSAGES.textTooLong.phone),
  reason: bound(500, MESSAGES.textTooLong.reason),
  notes: bound(500, MESSAGES.textTooLong.note),
  note: bound(500, MESSAGES.textTooLong.note),
  /** What no one types (a storage path, a kind, a type): far above any real value. */
  path: bound(2000, MESSAGES.invalidCommand),
} as const satisfies Record<string, TextBound>;

export type TextField = keyof typeof TEXT_BOUNDS;

/** Characters as the server counts them (code points, not UTF-16 units). */
export const charLength = (s: string) => [...s].length;
