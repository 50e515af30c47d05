// Issue 41: nothing empty leaves. The three shipping commands refuse a shipment of 0 TV and
// 0 bracket on the device (their zod schemas, as the forms check them), under Jumlah
// Smartboard, with the words the server uses (public.cmd_require_items), shown in both
// languages; one item of either kind is enough. The message comes with the form's others.
import { issueText } from '../../sync/message';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { definitionOf } from '../../sync/commands/catalogue';
import { MESSAGES } from '../../sync/messages';
import { serverEn } from '../../src/lib/i18n/server-en';
import { SERVER_TEXTS } from '../../sync/server-texts';
import { darat, sea } from './shipping-payloads';

const NONE = { smartboard_quantity: 0, bracket_quantity: 0 };

function issues(type: string, payload: object) {
  const result = (definitionOf(type).schema as z.ZodType).safeParse(payload);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: issueText(i) }));
}

const EMPTY = 'Pengiriman kosong: isi Jumlah Smartboard atau Jumlah Bracket, minimal 1.';

describe.each([
  ['create_shipment_darat', darat(NONE)],
  ['create_shipment_poljak', sea('poljak', NONE)],
  ['create_shipment_polsub', sea('polsub', NONE)],
] as const)('%s', (type, empty) => {
  it('refuses 0 TV and 0 bracket, under Jumlah Smartboard', () => {
    expect(issues(type, empty)).toEqual([{ path: 'smartboard_quantity', message: EMPTY }]);
  });
  it('takes one TV, or one bracket', () => {
    expect(issues(type, { ...empty, smartboard_quantity: 1 })).toEqual([]);
    expect(issues(type, { ...empty, bracket_quantity: 1 })).toEqual([]);
  });
  it("says so with the form's other messages, but not over a quantity's own message", () => {
    expect(issues(type, { ...empty, hub_id: null }).map((i) => i.message)).toContain(EMPTY);
    expect(issues(type, { ...empty, smartboard_quantity: -1 }).map((i) => i.message)).not.toContain(EMPTY);
    expect(issues(type, { ...empty, bracket_quantity: 0.5 }).map((i) => i.message)).not.toContain(EMPTY);
  });
});

it('is in both catalogues, the device speaking the server\'s words', () => {
  expect(MESSAGES.shipmentEmpty).toBe(EMPTY);
  expect(SERVER_TEXTS.shipmentEmpty).toBe(EMPTY);
  expect(serverEn.shipmentEmpty).toBe('The shipment is empty: enter a Smartboard or Bracket quantity of at least 1.');
});
