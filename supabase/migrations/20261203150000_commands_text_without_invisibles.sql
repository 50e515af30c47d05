-- Commands' text without invisible characters (security audit 2026-12-03): the commands
-- refused C0 controls and DEL only, so a plate with a zero-width space looked like another
-- hub's truck and passed the plates' uniqueness, a batch number with one avoided batchTaken,
-- and a receiver's name with a right-to-left override printed reversed on the BAST. Now
-- cmd_require_clean_text also refuses the C1 controls and the invisible format characters the
-- user functions already refuse in a name (text-rules.ts's INVISIBLE): textNotAllowed. Devices
-- remove the same set before a command is queued (cleanText, sync/commands/helpers.ts;
-- tests/integration/clean-text-parity.test.ts holds the two sets equal).
-- The current definition is in supabase/schemas/functions/cmd_helpers.sql; cmd_require_clean_text
-- was first defined in 20261128020000_baseline.sql, and last in
-- 20261130040000_payload_readers_without_set.sql.

-- Text a device may send: no control characters but tab, line feed and
-- carriage return (C0, DEL and C1; a NUL cannot even reach the database; the
-- others are refused here), and no invisible format characters (zero-width
-- ones, bidirectional marks, embeddings, overrides and isolates, the soft
-- hyphen, the BOM: supabase/functions/_shared/text-rules.ts's INVISIBLE, as the
-- user functions refuse them in a name). A plate with U+200B looked like another
-- hub's truck and passed the plates' uniqueness; a receiver's name with U+202E
-- printed reversed on the BAST (security audit 2026-12-03). Devices remove them
-- before a command is queued (sync/commands/helpers.ts, cleanText).
create or replace function public.cmd_require_clean_text(p_text text)
returns void
language plpgsql
immutable
as $$
begin
  if p_text ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]' then
    perform public.cmd_reject('validation', 'textNotAllowed');
  end if;
end;
$$;

revoke execute on function public.cmd_require_clean_text(text) from public, anon, authenticated;
