-- Issue 42: the refusals of TVs by serial number join the catalogue (sync/server-texts.ts, serial.*;
-- supabase/schemas/data/app_messages.sql). The tables and commands follow in later migrations.
insert into public.app_messages (key, text) values
  ('serial.invalid', 'Nomor seri "{{serial}}" tidak valid: 3 sampai 64 huruf, angka atau - _ / .'),
  ('serial.trackingOff', 'Hub {{hub}} tidak melacak nomor seri TV.'),
  ('serial.alreadyRegistered', 'Nomor seri {{serial}} sudah terdaftar.'),
  ('serial.notInStock', 'Nomor seri {{serial}} tidak ada di stok hub ini.'),
  ('serial.alreadyScanned', 'Nomor seri {{serial}} sudah dipindai.'),
  ('serial.inOpenShipment', 'Nomor seri {{serial}} ada di pengiriman lain yang belum selesai.'),
  ('serial.countMismatch', 'Jumlah nomor seri ({{count}}) harus sama dengan Jumlah Smartboard ({{quantity}}).'),
  ('serial.tooMany', 'Maksimal {{max}} nomor seri sekali kirim.'),
  ('serial.notFound', 'Nomor seri {{serial}} tidak ditemukan.');
