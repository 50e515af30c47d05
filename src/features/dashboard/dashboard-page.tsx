import { useState } from 'react';
import { LogOut, Ship } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ERROR_TITLE, LOG_OUT, PRODUCT_NAME } from '../../lib/messages';
import { signOut, useSession } from '../../lib/session';

// Placeholder until the dashboard's hub and POD cards land; it proves the signed-in path end to end.
export function DashboardPage() {
  const session = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const email = session.status === 'signed-in' ? session.session.user.email : undefined;

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } catch (err) {
      console.error('sign-out failed', err);
      toast.error(ERROR_TITLE, { description: err instanceof Error ? err.message : String(err) });
      setSigningOut(false);
    }
  }

  return (
    <main className="mx-auto grid max-w-4xl gap-6 p-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <Ship aria-hidden="true" className="size-7 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight">{PRODUCT_NAME}</h1>
        </div>
        <Button variant="outline" onClick={handleSignOut} disabled={signingOut}>
          <LogOut aria-hidden="true" />
          {LOG_OUT}
        </Button>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Dashboard</CardTitle>
          <CardDescription>
            Signed in as <span className="font-medium text-foreground">{email}</span>
          </CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          Shipment, hub and inventory overviews will appear here.
        </CardContent>
      </Card>
    </main>
  );
}
