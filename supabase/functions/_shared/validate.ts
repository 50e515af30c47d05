// Strict checks of the request bodies of spec 7.5. A field of the wrong type is
// refused, never coerced (a number where text is expected is a 400).
import { refusal, type MessageName } from './messages.ts';
import { MIN_PASSWORD_LENGTH, nameProblem, normalEmail, passwordTooLong } from './text-rules.ts';

export type Role = 'admin' | 'tower_control' | 'hub_user';
const ROLES: readonly Role[] = ['admin', 'tower_control', 'hub_user'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Name, e-mail and password rules live in text-rules.ts, shared with the local
// Auth stand-in (issue 27): a plain ASCII address, a name without control or
// invisible characters, a password of 6 characters up to 72 bytes.
export { MIN_PASSWORD_LENGTH };

type Body = Record<string, unknown>;

function bad(name: MessageName): never {
  throw refusal(400, name);
}

export function uuid(value: unknown, name: MessageName): string {
  if (typeof value !== 'string' || !UUID.test(value)) bad(name);
  return value.toLowerCase();
}

function email(value: unknown): string {
  return normalEmail(value) ?? bad('emailInvalid');
}

function fullName(value: unknown): string {
  const problem = nameProblem(value);
  if (problem) bad(problem);
  return (value as string).trim();
}

function password(value: unknown): string {
  if (typeof value !== 'string' || value.length < MIN_PASSWORD_LENGTH) bad('passwordTooShort');
  if (passwordTooLong(value)) bad('passwordTooLong');
  return value;
}

function role(value: unknown): Role {
  if (typeof value !== 'string' || !ROLES.includes(value as Role)) bad('roleUnknown');
  return value as Role;
}

/** hub_id is required for a hub user and cleared for the other roles (spec 5). */
function hubFor(r: Role, value: unknown): string | null {
  if (r !== 'hub_user') return null;
  if (value === undefined || value === null || value === '') bad('hubRequired');
  return uuid(value, 'hubNotFound');
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
    user_id: uuid(b.user_id, 'userIdRequired'),
    full_name: fullName(b.full_name),
    email: email(b.email),
    role: r,
    hub_id: hubFor(r, b.hub_id),
    ...(blankPassword ? {} : { password: password(b.password) }),
  };
}

export function deleteUserBody(b: Body): { user_id: string } {
  return { user_id: uuid(b.user_id, 'userIdRequired') };
}
