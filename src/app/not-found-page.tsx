import { Link } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE, RETURN_TO_DASHBOARD } from '../lib/messages';

export function NotFoundPage() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted-foreground">404</p>
      <h1 className="text-2xl font-semibold">{NOT_FOUND_TITLE}</h1>
      <p className="text-muted-foreground">{NOT_FOUND_DESCRIPTION}</p>
      <Button asChild>
        <Link to="/">{RETURN_TO_DASHBOARD}</Link>
      </Button>
    </main>
  );
}
