// The Add/Edit User and Add/Edit Status forms (spec 5): their rules and messages, in the
// device's language when checked (issue 30), a role named by its label, never its key.
import { issueText } from '../../sync/message';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/lib/i18n';
import { statusFormSchema } from '../../src/features/statuses/status-form';
import { addUserSchema, editUserSchema } from '../../src/features/users/user-form';
import { HUB } from '../support/demo';

const good = {
  full_name: ' Budi ',
  email: 'Budi@Demo.Local',
  password: 'rahasia',
  role: 'hub_user',
  hub_id: HUB.cikarang,
};

function firstMessage(result: {
  success: boolean;
  error?: { issues: Array<{ message: string; path: PropertyKey[] }> };
}) {
  return result.error?.issues.map((i) => `${i.path.join('.')}: ${issueText(i)}`);
}

describe('Add User', () => {
  it('trims the name, lower-cases the e-mail and keeps the hub of a hub user', () => {
    expect(addUserSchema.parse(good)).toEqual({ ...good, full_name: 'Budi', email: 'budi@demo.local' });
  });

  it.each([
    [{ full_name: '  ' }, 'full_name: Nama harus diisi'],
    [{ email: 'budi' }, 'email: Format email tidak valid'],
    [{ password: '12345' }, 'password: Password must be at least 6 characters'],
    [{ password: '' }, 'password: Password must be at least 6 characters'],
    [{ hub_id: '' }, 'hub_id: Hub harus dipilih untuk role User'],
  ])('refuses %o', (change, message) => {
    expect(firstMessage(addUserSchema.safeParse({ ...good, ...change }))).toEqual([message]);
  });

  it('choosing admin or tower control clears the hub', () => {
    expect(addUserSchema.parse({ ...good, role: 'admin' }).hub_id).toBeNull();
    expect(addUserSchema.parse({ ...good, role: 'tower_control', hub_id: '' }).hub_id).toBeNull();
  });
});

describe('in the device language', () => {
  afterEach(() => setLanguage('id'));

  it('reads the messages when a value is checked, never the internal role key', async () => {
    const bad = { ...good, full_name: ' ', email: 'budi', password: '1', hub_id: '' };
    const indonesian = firstMessage(addUserSchema.safeParse(bad));
    await setLanguage('en');
    const english = firstMessage(addUserSchema.safeParse(bad));
    expect(english).toEqual([
      'full_name: Name is required',
      'email: Invalid email format',
      'password: Password must be at least 6 characters',
      'hub_id: Choose a hub for the User role',
    ]);
    for (const message of [...(indonesian ?? []), ...(english ?? [])])
      expect(message).not.toMatch(/hub_user/);
    expect(firstMessage(statusFormSchema.safeParse({ key: 'a b', label: 'x', color: 'info' }))).toEqual([
      'key: Status key must be lower case letters and digits joined by underscores, like otw_makassar',
    ]);
  });
});

describe('Edit User', () => {
  it('a blank password means unchanged; a short one is refused', () => {
    expect(editUserSchema.parse({ ...good, password: '' }).password).toBe('');
    expect(firstMessage(editUserSchema.safeParse({ ...good, password: 'abc' }))).toEqual([
      'password: Password must be at least 6 characters',
    ]);
  });
});

describe('Add/Edit Status', () => {
  it('needs both key and label', () => {
    const result = statusFormSchema.safeParse({ key: ' ', label: '', color: 'info' });
    expect(firstMessage(result)).toEqual([
      'key: Both key and label are required',
      'label: Both key and label are required',
    ]);
  });

  it('lower-cases the key and checks its shape', () => {
    expect(statusFormSchema.parse({ key: ' OTW_Kupang ', label: ' OTW Kupang ', color: 'primary' })).toEqual({
      key: 'otw_kupang',
      label: 'OTW Kupang',
      color: 'primary',
    });
    expect(statusFormSchema.safeParse({ key: 'otw kupang', label: 'x', color: 'info' }).success).toBe(false);
    expect(statusFormSchema.safeParse({ key: 'otw', label: 'x', color: 'purple' }).success).toBe(false);
  });
});
