// Issue 40: every text a command stores is bounded, here and on the server alike
// (public.cmd_require_text_bound, supabase/schemas/functions/cmd_helpers.sql): the
// bound belongs to the payload field, by its name, with the same message on both sides.
// Lengths count characters (code points), as PostgreSQL's char_length does.
import { KEY, type MessageKey } from '../message';

export interface TextBound {
  max: number;
  message: MessageKey;
}

const bound = (max: number, message: MessageKey): TextBound => ({ max, message });

/** Every text field a command carries, with its bound. */
export const TEXT_BOUNDS = {
  name: bound(100, KEY.warehouseNameTooLong),
  contact_person: bound(100, KEY.handover.nameTooLong),
  driver_name: bound(100, KEY.handover.nameTooLong),
  receiver_name: bound(100, KEY.handover.nameTooLong),
  nama_kapal: bound(100, KEY.handover.nameTooLong),
  nama_pelayaran: bound(100, KEY.handover.nameTooLong),
  pelayaran: bound(100, KEY.handover.nameTooLong),
  city: bound(100, KEY.textTooLong.place),
  location: bound(100, KEY.textTooLong.place),
  license_plate: bound(20, KEY.textTooLong.plate),
  batch_number: bound(50, KEY.textTooLong.batch),
  // A container number is a sea vessel's plate (add_sea_fleet keeps it as license_plate).
  no_container: bound(20, KEY.textTooLong.container),
  container_number: bound(20, KEY.textTooLong.container),
  phone: bound(30, KEY.textTooLong.phone),
  driver_phone: bound(30, KEY.textTooLong.phone),
  reason: bound(500, KEY.textTooLong.reason),
  notes: bound(500, KEY.handover.noteTooLong),
  note: bound(500, KEY.handover.noteTooLong),
  /** What no one types (a storage path, a kind, a type): far above any real value. */
  path: bound(2000, KEY.invalidCommand),
} as const satisfies Record<string, TextBound>;

export type TextField = keyof typeof TEXT_BOUNDS;

/** Characters as the server counts them (code points, not UTF-16 units). */
export const charLength = (s: string) => [...s].length;
