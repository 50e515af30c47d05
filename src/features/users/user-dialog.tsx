// Add User and Edit User (spec 2.12, 5, 7.5, 8.6) on the form pattern. The
// edge functions do the work on the server (online only); what they refuse with
// is shown by its key, in the device's language.
import type { Hub } from '../../../sync/pure';
import { FormDialog, useFormDialog } from '../../components/form-dialog';
import { useT } from '../../lib/i18n';
import { asWork } from '../../lib/writes/server-action';
import { createUser, updateUser, type UserRow } from './user-api';
import {
  addUserSchema,
  editUserSchema,
  EMPTY_USER_FORM,
  USER_ROLES,
  type UserFormInput,
  type UserFormValues,
} from './user-form';

/** Without `user` it adds one; with it, it edits that one (a blank password keeps the old one). */
export function UserDialog({
  user,
  hubs,
  onClose,
  onSaved,
}: {
  user?: UserRow;
  hubs: readonly Hub[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  // Spec 5: the roles by their labels (Admin, User), never the internal key.
  const roleOptions = USER_ROLES.map((r) => ({ value: r, label: t(`users.roles.${r}`) }));
  const { form, Field, dialog } = useFormDialog<UserFormInput>({
    onClose,
    defaultValues: user
      ? {
          full_name: user.full_name ?? '',
          email: user.email ?? '',
          password: '',
          role: user.role,
          hub_id: user.hub_id ?? '',
        }
      : EMPTY_USER_FORM,
    schema: user ? editUserSchema : addUserSchema,
    submit: (input) => {
      // The resolver hands over the schema's output (trimmed, hub cleared for staff roles).
      const values = input as unknown as UserFormValues;
      return user
        ? {
            run: () => asWork(() => updateUser(user.user_id, values), t('users.failure.update')),
            success: t('users.success.updated'),
          }
        : {
            run: () => asWork(() => createUser(values), t('users.failure.create')),
            success: t('users.success.created'),
          };
    },
    onDone: () => {
      onSaved();
      onClose();
    },
  });
  const hubUser = form.watch('role') === 'hub_user';

  return (
    <FormDialog
      title={user ? t('users.editTitle') : t('common.addUser')}
      description={user?.email ?? undefined}
      testId="user-dialog"
      {...dialog}
    >
      <Field.Text name="full_name" id="user-name" label={t('common.name')} autoComplete="off" />
      <Field.Text name="email" id="user-email" label={t('common.email')} type="email" autoComplete="off" />
      <Field.Text
        name="password"
        id="user-password"
        label={user ? t('users.fields.passwordEdit') : t('common.password')}
        type="password"
        autoComplete="new-password"
      />
      <Field.Select name="role" id="user-role" label={t('common.role')} options={roleOptions} />
      {hubUser && (
        <Field.Select
          name="hub_id"
          id="user-hub"
          label={t('common.hub')}
          placeholder={t('users.chooseHub')}
          options={hubs.map((h) => ({ value: h.id, label: h.name }))}
        />
      )}
    </FormDialog>
  );
}
