// Issue 30: both languages hold every key, no value is empty, and the placeholders agree.
// Issue 39: a command's schema checks and refusals name keys (the server's: app-messages.test.ts),
// so each reads in the device's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { COMMANDS, discrepancyMessage, issueMessage, type KeyedMessage } from '../../sync/pure';
import { SERVER_TEXTS } from '../../sync/server-texts';
import { en } from '../../src/lib/i18n/en';
import { id } from '../../src/lib/i18n/id';
import { setLanguage, t } from '../../src/lib/i18n';
import { messageInLanguage, serverMessage } from '../../src/lib/i18n/server-message';
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

describe('refusals and checks in the device language, by key (issue 39)', () => {
  beforeAll(() => setLanguage('en'));
  afterAll(() => setLanguage('id'));

  it("gives every command schema's messages as keys (an empty payload, each field missing)", () => {
    const words: string[] = [];
    for (const [type, command] of Object.entries(COMMANDS)) {
      const result = (command.schema as z.ZodType).safeParse({});
      for (const issue of result.error?.issues ?? [])
        if (!issueMessage(issue)) words.push(`${type} ${issue.path.join('.')}: ${issue.message}`);
    }
    expect(words).toEqual([]);
  });

  it('reads every handover message in English, the values a template carries included', () => {
    const messages: KeyedMessage[] = Object.keys(SERVER_TEXTS.handover)
      .filter((name) => typeof SERVER_TEXTS.handover[name as keyof typeof SERVER_TEXTS.handover] === 'string')
      .map((name) => ({ key: `handover.${name}` }));
    for (const item of ['smartboard', 'bracket'] as const)
      for (const reason of ['kurang', 'lebih', 'rusak'] as const) {
        messages.push(discrepancyMessage('handover.recordDiscrepancy', item, reason, 2));
        messages.push(discrepancyMessage('handover.noDiscrepancy', item, reason));
        messages.push(discrepancyMessage('handover.discrepancyMustBe', item, reason, 2));
      }
    expect(messages.length).toBeGreaterThan(30);
    const indonesian =
      /\b(kurang|lebih|rusak|selisih|wajib|sebanyak|Jumlah|Nama|Tanda|Catatan|Berkas|Terbuka|Selesai)\b/i;
    expect(messages.map(messageInLanguage).filter((text) => indonesian.test(text))).toEqual([]);
    expect(messageInLanguage(discrepancyMessage('handover.recordDiscrepancy', 'smartboard', 'kurang', 2))).toBe(
      'Record the TV discrepancy (short) of 2 with a photo',
    );
  });

  it('answers a refusal in English with its values, and a text without a key as it came', () => {
    expect(messageInLanguage({ key: 'vehicleInactive', params: { plate: 'B 1234 XY' } })).toBe(
      'Vehicle B 1234 XY is not active.',
    );
    expect(
      messageInLanguage({
        key: 'conflictBy',
        params: { what: { key: 'arrivalAlreadyConfirmed' }, who: 'ana@dermaga.test', when: '26 Nov 2026 14:05 WIB' },
      }),
    ).toBe('Arrival already confirmed by ana@dermaga.test at 26 Nov 2026 14:05 WIB');
    expect(messageInLanguage({ key: 'undoStockChanged' })).toBe("Cannot undo: this action's stock has changed.");
    expect(serverMessage(null, 'Sesuatu yang tidak ada di katalog')).toBe('Sesuatu yang tidak ada di katalog');
    expect(t('notFound.description')).toBe("The page you're looking for doesn't exist.");
    setLanguage('id');
    expect(messageInLanguage({ key: 'vehicleInactive', params: { plate: 'B 1234 XY' } })).toBe(
      'Kendaraan B 1234 XY tidak aktif.',
    );
    expect(t('notFound.description')).toBe('Halaman yang Anda cari tidak ada.');
  });
});
