import { Ship } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LanguageSwitch } from '../../components/language-switch';
import { useT } from '../../lib/i18n';
import { PRODUCT_NAME } from '../../lib/i18n/default-strings';
import { AuthForm } from './auth-form';
import { AuthHighlights } from './auth-highlights';

export function AuthPage() {
  const t = useT();
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <div className="grid w-full max-w-4xl items-center gap-8 md:grid-cols-2">
        <section className="grid gap-6">
          <div className="flex items-center gap-3">
            <span className="flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Ship aria-hidden="true" className="size-6" />
            </span>
            <h1 className="text-3xl font-bold tracking-tight">{PRODUCT_NAME}</h1>
          </div>
          <p className="text-muted-foreground">{t('auth.pitch')}</p>
          <AuthHighlights />
          <LanguageSwitch className="w-fit" />
        </section>
        <Card>
          <CardHeader>
            <CardTitle>{t('auth.cardTitle')}</CardTitle>
            <CardDescription>{t('auth.cardDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <AuthForm />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
