-- Issue 39: the device's own refusals and checks by key too. Undoing too late, undoing what the
-- server refused, undoing what has moved on (sync/engine.ts, sync/commands/undo.ts) and the
-- retention window's range (sync/domain/working-set.ts) join the catalogue, so public.app_messages
-- holds every key a refusal or a check names (supabase/schemas/data/app_messages.sql).
insert into public.app_messages (key, text) values
  ('undoTooLate', 'Waktu untuk mengurungkan tindakan ini sudah lewat.'),
  ('undoNotApplied', 'Tindakan ini ditolak server, tidak ada yang perlu diurungkan.'),
  ('undoMovedOn', 'Tidak dapat diurungkan: data sudah berubah sejak tindakan ini.'),
  ('retentionDaysRange', 'Masa simpan riwayat harus bilangan bulat 1 sampai 365 hari');
