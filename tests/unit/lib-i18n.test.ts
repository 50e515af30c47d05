// Issue 30: the texts src/lib's shared modules show (the undo offer, the command runner's
// refusals, the device's undo messages) follow the device's language when shown.
import { describe, expect, it } from 'vitest';
import { UNDO_MESSAGES } from '../../sync/commands/undo';
import { failed } from '../../src/lib/writes/field-errors';
import { setLanguage, t } from '../../src/lib/i18n';
import { localize, messageKey } from '../../src/lib/i18n/localize';
import { undoLabel } from '../../src/lib/writes/undo-offer';

describe("src/lib's texts in the device's language", () => {
  it('offers Urungkan, or Undo in English', () => {
    expect(undoLabel()).toBe('Urungkan');
    setLanguage('en');
    try {
      expect(undoLabel()).toBe('Undo');
      expect(t('lib.undo.undone')).toBe('Action undone');
      expect(t('lib.command.databaseNotReady')).toBe('The local database is not ready yet.');
    } finally {
      setLanguage('id');
    }
    expect(t('lib.undo.undone')).toBe(UNDO_MESSAGES.undone);
  });

  it('reads every undo message of the device in English (shown through localize)', () => {
    const texts = Object.values(UNDO_MESSAGES);
    expect(texts.filter((text) => !messageKey(text))).toEqual([]);
    setLanguage('en');
    try {
      expect(localize(UNDO_MESSAGES.tooLate)).toBe('The time to undo this action has passed.');
      expect(texts.filter((text) => localize(text) === text)).toEqual([]);
    } finally {
      setLanguage('id');
    }
  });

  it('falls back to the invalid-command message in the current language', () => {
    expect(failed([]).first).toBe('Perintah tidak valid.');
    setLanguage('en');
    try {
      expect(failed([]).first).not.toBe('Perintah tidak valid.');
      expect(failed([{ path: ['plate'], message: 'x' }]).errors).toEqual({ plate: 'x' });
    } finally {
      setLanguage('id');
    }
  });
});
