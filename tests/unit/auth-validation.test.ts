import { describe, expect, it } from 'vitest';
import { loginSchema, validateLogin } from '../../src/features/auth/login-schema';
import { LOGIN_FILL_ALL_FIELDS, LOGIN_PASSWORD_TOO_SHORT } from '../../src/lib/i18n/default-strings';

describe('login validation', () => {
  it.each([
    { email: '', password: '' },
    { email: '', password: 'secret123' },
    { email: 'staff@dermaga.test', password: '' },
    { email: '   ', password: 'secret123' },
    // A missing field is reported before a short password.
    { email: '', password: '12345' },
  ])('asks to fill in all fields for %o', (input) => {
    expect(validateLogin(input)).toMatchObject({ ok: false, message: LOGIN_FILL_ALL_FIELDS });
  });

  it('names every field in error, in the form order (issue 29: inline, the first focused)', () => {
    expect(validateLogin({ email: '', password: '' })).toMatchObject({ fields: ['email', 'password'] });
    expect(validateLogin({ email: '', password: '12345' })).toMatchObject({ fields: ['email', 'password'] });
    expect(validateLogin({ email: 'staff@dermaga.test', password: '1' })).toMatchObject({ fields: ['password'] });
  });

  it('rejects a 5-character password', () => {
    expect(validateLogin({ email: 'staff@dermaga.test', password: '12345' })).toEqual({
      ok: false,
      message: LOGIN_PASSWORD_TOO_SHORT,
      fields: ['password'],
    });
  });

  it('accepts a 6-character password and trims the e-mail', () => {
    expect(validateLogin({ email: '  staff@dermaga.test ', password: '123456' })).toEqual({
      ok: true,
      credentials: { email: 'staff@dermaga.test', password: '123456' },
    });
  });

  it('uses the spec wording', () => {
    expect(LOGIN_FILL_ALL_FIELDS).toBe('Please fill in all fields');
    expect(LOGIN_PASSWORD_TOO_SHORT).toBe('Password must be at least 6 characters');
    expect(loginSchema.safeParse({ email: 'a@b.c', password: 'abcdef' }).success).toBe(true);
  });
});
