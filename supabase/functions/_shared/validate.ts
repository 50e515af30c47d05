// Strict checks of the request bodies of spec 7.5. A field of the wrong type is
// refused, never coerced (a number where text is expected is a 400).
import { HttpError } from './http.ts';
import { MESSAGES } from './messages.ts';

export type Role = 'admin' | 'tower_control' | 'hub_user';
const ROLES: readonly Role[] = ['admin', 'tower_control', 'hub_user'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// something@domain.tld: no spaces, no control characters, no empty domain
// label (a trailing dot), at most 254 characters (RFC 5321; auth.users holds 255).
const EMAIL = /^[^\s@\p{Cc}]+@(?:[^\s@.\p{Cc}]+\.)+[^\s@.\p{Cc}]+$/u;
const MAX_EMAIL_LENGTH = 254;
// Control characters (tab, line feed and carriage return aside), as the commands refuse them.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const MIN_PASSWORD_LENGTH = 6;

type Body = Record<string, unknown>;

function bad(message: string): never {
  throw new HttpError(400, message);
}

export function uuid(value: unknown, message: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) bad(message);
  return value.toLowerCase();
}

function email(value: unknown): string {
  if (typeof value !== 'string' || value.trim().length > MAX_EMAIL_LENGTH || !EMAIL.test(value.trim()))
    bad(MESSAGES.emailInvalid);
  return value.trim().toLowerCase();
}

function fullName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') bad(MESSAGES.nameRequired);
  if (value.trim().length > 200) bad(MESSAGES.nameTooLong);
  if (CONTROL.test(value)) bad(MESSAGES.textNotAllowed);
  return value.trim();
}

function password(value: unknown): string {
  if (typeof value !== 'string' || value.length < MIN_PASSWORD_LENGTH) bad(MESSAGES.passwordTooShort);
  return value;
}

function role(value: unknown): Role {
  if (typeof value !== 'string' || !ROLES.includes(value as Role)) bad(MESSAGES.roleUnknown);
  return value as Role;
}

/** hub_id is required for a hub user and cleared for the other roles (spec 5). */
function hubFor(r: Role, value: unknown): string | null {
  if (r !== 'hub_user') return null;
  if (value === undefined || value === null || value === '') bad(MESSAGES.hubRequired);
  return uuid(value, MESSAGES.hubNotFound);
}

export interface UserFields {
  email: string;
  full_name: string;
  role: Role;
  hub_id: string | null;
}

export function createUserBody(b: Body): UserFields & { password: string } {
  const r = role(b.role);
  return {
    full_name: fullName(b.full_name),
    email: email(b.email),
    password: password(b.password),
    role: r,
    hub_id: hubFor(r, b.hub_id),
  };
}

export function updateUserBody(b: Body): UserFields & { user_id: string; password?: string } {
  const r = role(b.role);
  const blankPassword = b.password === undefined || b.password === null || b.password === '';
  return {
    user_id: uuid(b.user_id, MESSAGES.userIdRequired),
    full_name: fullName(b.full_name),
    email: email(b.email),
    role: r,
    hub_id: hubFor(r, b.hub_id),
    ...(blankPassword ? {} : { password: password(b.password) }),
  };
}

export function deleteUserBody(b: Body): { user_id: string } {
  return { user_id: uuid(b.user_id, MESSAGES.userIdRequired) };
}
