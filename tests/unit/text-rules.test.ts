// One rule for a person's name, e-mail and password wherever they are set
// (issue 27): the user-management functions (Deno), the local Auth stand-in
// (PUT /auth/v1/user, sign-up, the admin API) and the app's user form agree.
import { describe, expect, it } from 'vitest';
import { addUserSchema, editUserSchema } from '../../src/features/users/user-form';
import { id } from '../../src/lib/i18n/id';
import { nameProblem, normalEmail, utf8Length } from '../../supabase/functions/_shared/text-rules';
import { AuthError } from '../../supabase/local/auth/errors';
import { validateEmail, validateMetadata, validatePassword } from '../../supabase/local/auth/rules';
import { TokenBuckets } from '../../supabase/local/auth/rate-limit';
import { HUB } from '../support/demo';

// The functions' own modules (Deno: imports end in .ts, which tsc refuses to resolve): loaded at run
// time, typed here by the little the tests use.
const SHARED = '../../supabase/functions/_shared/';
type Body = Record<string, unknown>;
const { MESSAGES } = (await import(/* @vite-ignore */ `${SHARED}messages.ts`)) as {
  MESSAGES: Record<
    'nameTooLong' | 'textNotAllowed' | 'nameRequired' | 'emailInvalid' | 'passwordTooLong',
    string
  >;
};
const { createUserBody, updateUserBody } = (await import(/* @vite-ignore */ `${SHARED}validate.ts`)) as {
  createUserBody: (b: Body) => { email: string };
  updateUserBody: (b: Body) => unknown;
};

const body = {
  full_name: 'Budi',
  email: 'budi@demo.local',
  password: 'rahasia',
  role: 'hub_user',
  hub_id: HUB.cikarang,
};

/** What create-user answers for a body, or 'ok'. */
function functionAnswer(change: Record<string, unknown>): string {
  try {
    createUserBody({ ...body, ...change });
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

/** What Auth answers for user metadata, or 'ok'. */
function authAnswer(data: unknown): string {
  try {
    validateMetadata(data, 'data');
    return 'ok';
  } catch (error) {
    return `${(error as AuthError).status} ${(error as AuthError).code}`;
  }
}

const REFUSED_NAMES: Array<[string, string, keyof typeof MESSAGES]> = [
  ['5,000 characters', 'x'.repeat(5000), 'nameTooLong'],
  ['a NUL', 'Budi\u0000', 'textNotAllowed'],
  ['a bell', 'Budi\u0007', 'textNotAllowed'],
  ['a C1 control', 'Budi\u0085', 'textNotAllowed'],
  ['a right-to-left override', 'Budi\u202egnp.exe', 'textNotAllowed'],
  ['bidirectional isolates', 'Bu\u2066di\u2069', 'textNotAllowed'],
  ['a zero-width space', 'Bu\u200bdi', 'textNotAllowed'],
  ['a right-to-left mark', 'Budi\u200f', 'textNotAllowed'],
  ['a byte-order mark', '\ufeffBudi', 'textNotAllowed'],
  ['only spaces', '   ', 'nameRequired'],
];

describe('a name (user_metadata.full_name)', () => {
  it.each(REFUSED_NAMES)('with %s: create-user and Auth both refuse it', (_, name, message) => {
    expect(functionAnswer({ full_name: name })).toBe(MESSAGES[message]);
    expect(authAnswer({ full_name: name })).toBe('400 validation_failed');
  });

  it.each(['Budi', 'Siti Nurhaliza', 'Đặng Thị Ngọc', 'José Ñúñez', 'Budi\tS', 'x'.repeat(200)])(
    '%j: both accept it (200 characters at most)',
    (name) => {
      expect(nameProblem(name)).toBeNull();
      expect(functionAnswer({ full_name: name })).toBe('ok');
      expect(authAnswer({ full_name: name })).toBe('ok');
    },
  );

  it('Auth refuses hidden characters anywhere in metadata, and metadata that is not an object', () => {
    expect(authAnswer({ note: 'a\u0000b' })).toBe('400 validation_failed');
    expect(authAnswer({ deep: { deeper: ['ok', 'x\u202e'] } })).toBe('400 validation_failed');
    expect(authAnswer({ ['k\u200b']: 'v' })).toBe('400 validation_failed');
    expect(authAnswer('full_name')).toBe('400 validation_failed');
    expect(authAnswer([1, 2])).toBe('400 validation_failed');
    expect(authAnswer(undefined)).toBe('ok');
    expect(authAnswer({ theme: 'dark', count: 3, nested: { a: [1, 'b'] } })).toBe('ok');
  });
});

const LOOK_ALIKES = [
  'adm\u200bin@demo.local', // zero-width space
  'admin\u202e@demo.local', // right-to-left override
  '\u0430dmin@demo.local', // Cyrillic a
  'admin@dem\u043e.local', // Cyrillic o in the domain
  'ａdmin@demo.local', // fullwidth a
  'admin@demo.local\u200d',
  'a\u00addmin@demo.local', // soft hyphen
  'admin@demo..local',
  'admin@demo.local.',
  'admin@-demo.local',
  'admin @demo.local',
  'admin@demo.local\u0000',
];

describe('an e-mail address', () => {
  it.each(LOOK_ALIKES)('%j: create-user and Auth both refuse it', (email) => {
    expect(normalEmail(email)).toBeNull();
    expect(functionAnswer({ email })).toBe(MESSAGES.emailInvalid);
    expect(() => validateEmail(email)).toThrow(AuthError);
    expect(addUserSchema.safeParse({ ...body, email }).success).toBe(false);
  });

  it.each([
    ['Budi@Demo.Local', 'budi@demo.local'],
    ['  budi.s+hub@xn--bcher-kva.example ', 'budi.s+hub@xn--bcher-kva.example'],
    ["o'neil@demo.local", "o'neil@demo.local"],
  ])('%j is accepted as %j by both', (email, normal) => {
    expect(normalEmail(email)).toBe(normal);
    expect(validateEmail(email)).toBe(normal);
    expect(createUserBody({ ...body, email }).email).toBe(normal);
  });
});

describe('a password', () => {
  const seventyTwo = 'é'.repeat(36); // 72 bytes in UTF-8, 36 characters
  const seventyThree = `${seventyTwo}a`;

  it('counts UTF-8 bytes, as bcrypt does', () => {
    expect(utf8Length(seventyTwo)).toBe(72);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('abc')).toBe(3);
  });

  it('over 72 bytes: Auth (as GoTrue), create-user, update-user and the form all refuse it', () => {
    expect(() => validatePassword(seventyThree)).toThrow('Password cannot be longer than 72 characters');
    try {
      validatePassword('x'.repeat(73));
    } catch (error) {
      expect([(error as AuthError).status, (error as AuthError).code]).toEqual([400, 'validation_failed']);
    }
    expect(functionAnswer({ password: seventyThree })).toBe(MESSAGES.passwordTooLong);
    expect(() => updateUserBody({ ...body, user_id: HUB.cikarang, password: 'x'.repeat(73) })).toThrow(
      MESSAGES.passwordTooLong,
    );
    for (const schema of [addUserSchema, editUserSchema]) {
      const result = schema.safeParse({ ...body, password: seventyThree });
      expect(result.error?.issues.map((i) => i.message)).toEqual([id.users.server.passwordTooLong]);
    }
    expect(id.users.server.passwordTooLong).toBe(MESSAGES.passwordTooLong);
  });

  it('72 bytes exactly is accepted everywhere', () => {
    expect(validatePassword(seventyTwo)).toBe(seventyTwo);
    expect(functionAnswer({ password: seventyTwo })).toBe('ok');
    expect(addUserSchema.safeParse({ ...body, password: seventyTwo }).success).toBe(true);
    expect(validatePassword('x'.repeat(72))).toHaveLength(72);
  });
});

describe('the rate limiter (GoTrue: a token bucket per client, refilled at limit / 5 minutes)', () => {
  it('lets a burst of min(30, limit) through, then refills one token per 300 s / limit', () => {
    let now = 0;
    const buckets = new TokenBuckets(30, () => now);
    for (let i = 0; i < 30; i++) expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
    expect(buckets.take('b')).toBe(true); // another client has its own bucket
    now += 9_999;
    expect(buckets.take('a')).toBe(false);
    now += 1;
    expect(buckets.take('a')).toBe(true); // 30 per 5 minutes: one every 10 s
    expect(buckets.take('a')).toBe(false);
  });

  it('a small limit is honoured at once', () => {
    const buckets = new TokenBuckets(3, () => 0);
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([true, true, true, false]);
  });
});
