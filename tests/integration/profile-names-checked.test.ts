// Security audit 2026-12-03: a display name reaches the profile only as a person may set it. On
// hosted Supabase a user's own updateUser({ data: { full_name } }) reaches auth.users unchecked
// (the name rules lived in the user functions and the local Auth only), and the triggers copied
// any non-blank full_name to the profile. Here the user's metadata is written in auth.users
// directly, as hosted Auth leaves it; the profile keeps its name unless the new one passes
// text-rules.ts's nameProblem (public.profile_name). Only users this file makes are read.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, serviceClient } from '../support/clients';

let owner: pg.Client;
const created: string[] = [];

beforeAll(async () => {
  owner = await ownerSql();
});

afterAll(async () => {
  const admin = serviceClient().auth.admin;
  for (const id of created) await admin.deleteUser(id);
  await owner.end();
});

const nameOf = async (userId: string) =>
  (
    await owner.query<{ full_name: string | null }>('select full_name from public.profiles where id = $1', [
      userId,
    ])
  ).rows[0]!.full_name;

/** The user renaming themself as hosted Auth stores it: straight into raw_user_meta_data. */
const rename = (userId: string, fullName: string) =>
  owner.query(
    `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || jsonb_build_object('full_name', $2::text)
      where id = $1`,
    [userId, fullName],
  );

describe('a display name from user metadata', () => {
  it('is copied to the profile when it passes the name rule, and a refused one changes nothing', async () => {
    const { data, error } = await serviceClient().auth.admin.createUser({
      email: `nama-${randomUUID().slice(0, 8)}@demo.local`,
      password: 'secret1',
      email_confirm: true,
      user_metadata: { full_name: 'Petugas Uji' },
    });
    expect(error).toBeNull();
    created.push(data.user!.id);
    const id = data.user!.id;
    expect(await nameOf(id)).toBe('Petugas Uji');

    // A right-to-left override, a zero-width space, a control character, 100 kB: refused.
    for (const bad of ['Admin Pusat\u202etxt.exe', 'Admin\u200bPusat', 'Admin\u0007', 'A'.repeat(100_000)]) {
      await rename(id, bad);
      expect(await nameOf(id), JSON.stringify(bad.slice(0, 20))).toBe('Petugas Uji');
    }
    // 200 characters (after trimming) is the longest allowed.
    const longest = 'B'.repeat(200);
    await rename(id, `  ${longest}  `);
    expect(await nameOf(id)).toBe(longest);
    await rename(id, 'Petugas Baru');
    expect(await nameOf(id)).toBe('Petugas Baru');
  });

  it('a new user gets no name where its metadata holds one the rule refuses', async () => {
    const { rows } = await owner.query<{
      bad: string | null;
      long: string | null;
      ok: string | null;
      none: string | null;
    }>(
      `select public.profile_name('Admin' || chr(8238) || 'txt') as bad, public.profile_name(repeat('x', 201)) as long,
              public.profile_name('  Budi Santoso ') as ok, public.profile_name('   ') as none`,
    );
    expect(rows[0]).toEqual({ bad: null, long: null, ok: 'Budi Santoso', none: null });
  });
});
