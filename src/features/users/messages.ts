// User Management's messages for code outside the components (forms' rules, the server calls'
// toasts). Since issue 30 the text lives in the catalogues (src/lib/i18n/screens-manage-*.ts,
// key users): these getters read it at the moment a message is shown, in the device's language.
import { t } from '../../lib/i18n';

// spec 5 (the same texts the edge functions answer with; the hub's: with the role's label)
export const VALIDATION = {
  get nameRequired(): string {
    return t('users.validation.nameRequired');
  },
  get emailInvalid(): string {
    return t('users.validation.emailInvalid');
  },
  get passwordTooShort(): string {
    return t('users.validation.passwordTooShort');
  },
  get passwordTooLong(): string {
    return t('users.validation.passwordTooLong');
  },
  get hubRequired(): string {
    return t('users.validation.hubRequired');
  },
};

// spec 8.6
export const FAILURE = {
  get create(): string {
    return t('users.failure.create');
  },
  get update(): string {
    return t('users.failure.update');
  },
  get delete(): string {
    return t('users.failure.delete');
  },
  get load(): string {
    return t('users.failure.load');
  },
};
export const SUCCESS = {
  get created(): string {
    return t('users.success.created');
  },
  get updated(): string {
    return t('users.success.updated');
  },
  get deleted(): string {
    return t('users.success.deleted');
  },
};
