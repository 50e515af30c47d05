// Issue 30: the texts src/lib's shared modules show (the undo offer, the command runner's
// refusals, the device's undo messages) follow the device's language when shown.
import { describe, expect, it } from 'vitest';
import { CommandRefused, ValidationFailed } from '../../sync/pure';
import { SERVER_TEXTS } from '../../sync/server-texts';
import { failed } from '../../src/lib/writes/field-errors';
import { setLanguage, t } from '../../src/lib/i18n';
import { errorInLanguage, messageInLanguage } from '../../src/lib/i18n/server-message';
import { undoLabel } from '../../src/lib/writes/undo-offer';

describe("src/lib's texts in the device's language", () => {
  it('offers Urungkan, or Undo in English', async () => {
    expect(undoLabel()).toBe('Urungkan');
    await setLanguage('en');
    try {
      expect(undoLabel()).toBe('Undo');
      expect(t('lib.undo.undone')).toBe('Action undone');
      expect(t('lib.command.databaseNotReady')).toBe('The local database is not ready yet.');
    } finally {
      setLanguage('id');
    }
    expect(t('lib.undo.undone')).toBe('Tindakan diurungkan');
  });

  it("says the device's own undo refusals by key, in English on an English device", async () => {
    const keys = ['undoTooLate', 'undoNotApplied', 'undoMovedOn'] as const;
    const refusals = keys.map((key) => new CommandRefused('precondition', { key }));
    expect(refusals.map((r) => r.message)).toEqual(keys.map((key) => SERVER_TEXTS[key]));
    await setLanguage('en');
    try {
      expect(errorInLanguage(refusals[0])).toBe('The time to undo this action has passed.');
      expect(
        refusals.map((r) => errorInLanguage(r)).filter((text, i) => text === SERVER_TEXTS[keys[i]!]),
      ).toEqual([]);
    } finally {
      setLanguage('id');
    }
    expect(errorInLanguage(refusals[0])).toBe(SERVER_TEXTS.undoTooLate);
  });

  it("shows a command schema's check and a server function's refusal by key", async () => {
    const invalid = new ValidationFailed([
      { path: 'x', message: SERVER_TEXTS.invalidCommand, keyed: { key: 'invalidCommand' } },
    ]);
    const fromServer = Object.assign(new Error(SERVER_TEXTS.hubNotFound), {
      hint: JSON.stringify({ key: 'hubNotFound', params: {} }),
    });
    await setLanguage('en');
    try {
      expect(messageInLanguage(invalid.issues[0]!.keyed!)).toBe(t('server.invalidCommand'));
      expect(t('server.invalidCommand')).not.toBe(SERVER_TEXTS.invalidCommand);
      expect(errorInLanguage(fromServer)).toBe(t('server.hubNotFound'));
      expect(t('server.hubNotFound')).not.toBe(SERVER_TEXTS.hubNotFound);
      // Anything else as it came.
      expect(errorInLanguage(new Error('pull round: 503'))).toBe('pull round: 503');
    } finally {
      setLanguage('id');
    }
  });

  it('falls back to the invalid-command message in the current language', async () => {
    expect(failed([]).first).toBe('Perintah tidak valid.');
    await setLanguage('en');
    try {
      expect(failed([]).first).not.toBe('Perintah tidak valid.');
      expect(failed([{ path: ['plate'], message: 'x' }]).errors).toEqual({ plate: 'x' });
    } finally {
      setLanguage('id');
    }
  });
});
