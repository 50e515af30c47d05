// Edge functions run under the real Deno runtime behind /functions/v1.
import { describe, expect, it } from 'vitest';
import { anonClient, stack } from '../support/clients';

describe('edge functions', () => {
  it('/functions/v1/health answers from Deno', async () => {
    const { data, error } = await anonClient().functions.invoke('health', { method: 'GET' });
    expect(error).toBeNull();
    expect(data.status).toBe('ok');
    expect(data.runtime).toBe('deno');
    expect(data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('refuses a call without a valid JWT, as verify_jwt does on hosted Supabase', async () => {
    const res = await fetch(`${stack().apiUrl}/functions/v1/health`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.status).toBe(401);
  });

  it('answers 404 for a function that does not exist', async () => {
    const res = await fetch(`${stack().apiUrl}/functions/v1/no-such-function`, {
      headers: { authorization: `Bearer ${stack().anonKey}` },
    });
    expect(res.status).toBe(404);
  });
});
