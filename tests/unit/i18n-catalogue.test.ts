// Issue 30: both languages hold every key, no value is empty, and the placeholders agree; the
// server's refusals (every message the migrations' command functions answer with) and the
// device's (sync/messages.ts, sync/messages-handover.ts) each map to a key, so a refusal reads in the device's language.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../sync/messages';
import { HANDOVER_MESSAGES } from '../../sync/messages-handover';
import { en } from '../../src/lib/i18n/en';
import { id } from '../../src/lib/i18n/id';
import { setLanguage, t } from '../../src/lib/i18n';
import { localize, messageKey } from '../../src/lib/i18n/localize';
import { serverMessages } from '../support/server-messages';
import { leaves, type Tree } from '../support/catalogue';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  const idLeaves = leaves(id as unknown as Tree);
  const enLeaves = leaves(en as unknown as Tree);

  it('have the same keys in Bahasa Indonesia and English', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...idLeaves.keys()].sort());
    expect(idLeaves.size).toBeGreaterThan(100);
  });

  it('have no empty value and the same placeholders in both languages', () => {
    for (const [key, text] of idLeaves) {
      expect(text.trim(), key).not.toBe('');
      expect(enLeaves.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(enLeaves.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});

describe('refusals in the device language', () => {
  beforeAll(() => setLanguage('en'));

  it('maps every refusal the server can answer with to a key', () => {
    const messages = serverMessages();
    expect(messages.length).toBeGreaterThan(80);
    const unmapped = messages.filter((m) => !messageKey(m.message)).map((m) => `${m.file}: ${m.message}`);
    expect(unmapped).toEqual([]);
  });

  it('maps every device-side message of sync/messages.ts to a key', () => {
    const texts: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') texts.push(value);
      else if (typeof value === 'function') {
        const args = Array.from({ length: value.length }, (_, i) =>
          i === 0 && value.length === 4 ? 'Bracket' : `Contoh${i}`,
        );
        texts.push(value(...args));
      } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    walk(MESSAGES);
    expect(texts.filter((text) => !messageKey(text))).toEqual([]);
  });

  it('maps every device-side message of sync/messages-handover.ts to a key, read in English', () => {
    const texts: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') texts.push(value);
      else if (typeof value === 'function') {
        // (item, reason, quantity) or (item, reason): every item and reason a receipt names.
        for (const item of ['smartboard', 'bracket'])
          for (const reason of ['kurang', 'lebih', 'rusak']) texts.push(value(item, reason, 2));
      } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    walk(HANDOVER_MESSAGES);
    expect(texts.length).toBeGreaterThan(30);
    expect(texts.filter((text) => !messageKey(text))).toEqual([]);
    // In English no Indonesian word is left, the values a template carries included.
    const indonesian =
      /\b(kurang|lebih|rusak|selisih|wajib|sebanyak|Jumlah|Nama|Tanda|Catatan|Berkas|Terbuka|Selesai)\b/i;
    expect(texts.map((text) => localize(text)).filter((text) => indonesian.test(text))).toEqual([]);
    expect(localize(HANDOVER_MESSAGES.discrepancyMissing('smartboard', 'kurang', 2))).toBe(
      'Record the TV discrepancy (short) of 2 with a photo',
    );
  });

  it('answers a refusal in English with its values, and falls back to the server text', () => {
    expect(localize('Kendaraan B 1234 XY tidak aktif.')).toBe('Vehicle B 1234 XY is not active.');
    expect(localize('Kedatangan sudah dikonfirmasi oleh ana@dermaga.test pada 26 Nov 2026 14:05 WIB')).toBe(
      'Arrival already confirmed by ana@dermaga.test at 26 Nov 2026 14:05 WIB',
    );
    expect(localize('Tidak dapat diurungkan: stok dari tindakan ini sudah berubah.')).toBe(
      "Cannot undo: this action's stock has changed.",
    );
    expect(localize('Sesuatu yang tidak ada di katalog')).toBe('Sesuatu yang tidak ada di katalog');
    expect(t('notFound.description')).toBe("The page you're looking for doesn't exist.");
    setLanguage('id');
    expect(localize('Kendaraan B 1234 XY tidak aktif.')).toBe('Kendaraan B 1234 XY tidak aktif.');
    expect(t('notFound.description')).toBe('Halaman yang Anda cari tidak ada.');
  });
});
