import { Link } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { useT } from '../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted-foreground">404</p>
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.description')}</p>
      <Button asChild>
        <Link to="/">{t('notFound.returnToDashboard')}</Link>
      </Button>
    </main>
  );
}
