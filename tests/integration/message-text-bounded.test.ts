// Security audit 2026-12-03, finding 2: public.message_text(key, params) was executable by
// `authenticated`, so any signed-in user could call it as an RPC; a key with no row became the
// template itself and each {{name}} in it was replaced by a parameter of any length, so one
// request of under 1 MB built a string of about 1 GB. Nothing but the server's own functions
// calls it (cmd_reject inside apply_commands, tv_unit_path: both run as the owner). Now no API
// role may execute it, a key with no row is returned as it is (nothing substituted), each
// parameter is cut to 500 characters and the sentence to 2,000 after each substitution
// (supabase/schemas/functions/cmd_helpers.sql).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { messageText } from '../../sync/message';
import { SERVER_TEXTS } from '../../sync/server-texts';
import { anonClient } from '../support/clients';
import { as, closeDb, db, tag } from './commands-support';

afterAll(closeDb);

async function serverText(key: string, params: unknown): Promise<string> {
  const { rows } = await (
    await db()
  ).query<{ text: string }>('select public.message_text($1, $2) as text', [key, JSON.stringify(params)]);
  return rows[0]!.text;
}

describe('public.message_text', () => {
  it('is not callable through the API by a signed-in user, an open sign-up or anon', async () => {
    const signUp = anonClient();
    const { data, error } = await signUp.auth.signUp({
      email: `msg-${tag()}@demo.local`,
      password: 'rahasia123',
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    const callers = [
      ['cikarang', (await as('cikarang')).client],
      ['admin', (await as('admin')).client],
      ['sign-up', signUp],
      ['anon', anonClient()],
    ] as const;
    for (const [who, client] of callers) {
      const call = await client.rpc('message_text', {
        p_key: '{{a}}{{a}}',
        p_params: { a: 'x'.repeat(1000) },
      });
      expect(call.error?.code, who).toBe('42501'); // permission denied for function message_text
      expect(call.data, who).toBeNull();
    }
  });

  it("still renders the owner's refusals (apply_commands, tv_unit_path) through the API", async () => {
    const cikarang = await as('cikarang');
    const { data, error } = await cikarang.client.rpc('apply_commands', {
      commands: [
        {
          id: randomUUID(),
          type: 'no_such_command',
          payload: {},
          issued_at: new Date().toISOString(),
          actor: cikarang.id,
        },
      ],
    });
    expect(error).toBeNull();
    expect((data as { results: unknown[] }).results[0]).toMatchObject({
      outcome: 'rejected',
      code: 'unknown_command',
      message: messageText({ key: 'unknownCommand', params: { type: 'no_such_command' } }),
    });
    const path = await cikarang.client.rpc('tv_unit_path', { p_serial: '!' });
    expect(path.error?.message).toBe(messageText({ key: 'serial.invalid', params: { serial: '!' } }));
  });

  it('returns a key with no row as it is, without substituting anything', async () => {
    const key = `${'{{a}}'.repeat(2000)} ${tag()}`;
    expect(await serverText(key, { a: 'x'.repeat(5000) })).toBe(key);
    // Nested as a parameter of a known message: the same, then cut like any parameter.
    const nested = await serverText('unknownCommand', {
      type: { key: '{{b}}'.repeat(400), params: { b: 'y'.repeat(5000) } },
    });
    expect(nested).toBe(SERVER_TEXTS.unknownCommand.replace('{{type}}', '{{b}}'.repeat(100)));
  });

  it('cuts each parameter to 500 characters; shorter ones render as the device renders them', async () => {
    expect(await serverText('unknownCommand', { type: 'x'.repeat(100_000) })).toBe(
      SERVER_TEXTS.unknownCommand.replace('{{type}}', 'x'.repeat(500)),
    );
    // A parameter naming the next one's {{name}} (jsonb gives them in order: shorter keys
    // first) cannot multiply the sentence: it is cut to 2,000 characters after each step.
    const chained = await serverText('unknownCommand', {
      type: '{{typea}}'.repeat(50),
      typea: '{{typeab}}'.repeat(50),
      typeab: 'w'.repeat(500),
    });
    expect(chained).toBe(
      `${SERVER_TEXTS.unknownCommand.replace('{{type}}', '')}${'w'.repeat(2000)}`.slice(0, 2000),
    );
    const conflict = { what: { key: 'anotherUser' }, status: 'z'.repeat(500) };
    expect(await serverText('conflictStatus', conflict)).toBe(
      messageText({ key: 'conflictStatus', params: conflict }),
    );
    expect(await serverText('serial.invalid', { serial: 'AB-1' })).toBe(
      messageText({ key: 'serial.invalid', params: { serial: 'AB-1' } }),
    );
  });
});
