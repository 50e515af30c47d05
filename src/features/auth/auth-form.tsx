// The sign-in and sign-up form. Its errors show inline (issue 29), in one alert
// above the button: a field left empty or too short (every such field marked,
// the first focused) or the provider's refusal under the spec's title
// 'Authentication Error'; typing again takes the message away. Success keeps the
// spec's toasts.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Eye, EyeOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../lib/i18n';
import { signedInBefore } from '../../lib/session/welcome-back';
import { toastLater } from '../../components/ui/sonner';
import type { AuthMode } from './authenticate';
import type { LoginField } from './login-schema';

interface AuthError {
  title?: string;
  message: string;
  fields: LoginField[];
}

const COPY = {
  'sign-in': { submit: 'auth.signIn', switchPrompt: 'auth.noAccount', switchAction: 'auth.signUp' },
  'sign-up': { submit: 'auth.signUp', switchPrompt: 'auth.haveAccount', switchAction: 'auth.signIn' },
} as const satisfies Record<AuthMode, { submit: string; switchPrompt: string; switchAction: string }>;

export function AuthForm() {
  const t = useT();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const copy = COPY[mode];
  const invalid = (field: LoginField) => (error?.fields.includes(field) ? true : undefined);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // zod only when the form is sent: the sign-in screen paints without it (issue 32); so is the
    // sign-in's call, with supabase-js (issue 43: loaded after the first paint, load-supabase.ts).
    const sending = import('./authenticate');
    const { validateLogin } = await import('./login-schema');
    const validation = validateLogin({ email, password });
    if (!validation.ok) {
      setError({ message: validation.message, fields: validation.fields });
      const first = validation.fields[0] ?? 'email';
      (first === 'email' ? emailInput : passwordInput).current?.focus();
      return;
    }

    setError(null);
    setSubmitting(true);
    const { authenticate } = await sending;
    const { error: refused } = await authenticate(mode, validation.credentials);
    setSubmitting(false);

    if (refused) {
      setError({ title: t('auth.errorTitle'), message: refused, fields: [] });
    } else if (mode === 'sign-in') {
      const title = signedInBefore(validation.credentials.email)
        ? 'auth.welcomeTitle'
        : 'auth.welcomeFirstTitle';
      toastLater((toast) => toast.success(t(title), { description: t('auth.welcomeDescription') }));
      navigate('/', { replace: true });
    } else {
      toastLater((toast) =>
        toast.success(t('auth.verifyTitle'), { description: t('auth.verifyDescription') }),
      );
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-label={t(copy.submit)}>
      <div className="grid gap-2">
        <Label htmlFor="email">{t('common.email')}</Label>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          disabled={submitting}
          ref={emailInput}
          aria-invalid={invalid('email')}
          aria-describedby={error ? 'auth-error' : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">{t('common.password')}</Label>
        <div className="relative">
          <Input
            id="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
            disabled={submitting}
            ref={passwordInput}
            aria-invalid={invalid('password')}
            aria-describedby={error ? 'auth-error' : undefined}
            className="pr-12"
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute top-0 right-0 text-muted-foreground"
            aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? <EyeOff /> : <Eye />}
          </Button>
        </div>
      </div>
      {error && (
        <p id="auth-error" role="alert" className="text-sm text-destructive" data-testid="auth-error">
          {error.title && <strong className="block font-semibold">{error.title}</strong>}
          {error.message}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting && <Spinner />}
        {t(copy.submit)}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t(copy.switchPrompt)}{' '}
        <Button
          type="button"
          variant="link"
          className="h-11 px-1"
          onClick={() => {
            setError(null);
            setMode((current) => (current === 'sign-in' ? 'sign-up' : 'sign-in'));
          }}
          disabled={submitting}
        >
          {t(copy.switchAction)}
        </Button>
      </p>
    </form>
  );
}
