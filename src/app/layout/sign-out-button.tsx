import { useState } from 'react';
import { LogOut } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { SidebarMenuButton } from '../../components/ui/sidebar';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../lib/i18n';
import { useReturnFocus } from '../../lib/return-focus';
import { signOutAndWipe } from '../../lib/session/session';

/**
 * Log out of a shared tablet: with unsynced work it warns first (the work would be lost),
 * then signs out and wipes everything local (src/lib/session/wipe-local-data.ts).
 */
export function SignOutButton({
  pendingCount,
  beforeWipe,
}: {
  pendingCount: number;
  /** Closes the local database before it is deleted (the sync engine's stop). */
  beforeWipe?: () => Promise<void>;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // Cancelled: the focus goes back to Log out (issue 29).
  const returnFocus = useReturnFocus(confirming);

  async function signOut() {
    setSigningOut(true);
    try {
      await signOutAndWipe({ beforeWipe });
    } catch (err) {
      console.error('sign-out failed', err);
      setSigningOut(false);
    }
  }

  return (
    <>
      <SidebarMenuButton
        tooltip={t('shell.logOut')}
        disabled={signingOut}
        onClick={() => (pendingCount > 0 ? setConfirming(true) : void signOut())}
        data-testid="sign-out"
      >
        {signingOut ? <Spinner /> : <LogOut aria-hidden="true" />}
        <span>{t('shell.logOut')}</span>
      </SidebarMenuButton>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent data-testid="sign-out-warning" onCloseAutoFocus={returnFocus}>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('shell.signOutPendingTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('shell.signOutPendingDescription', { count: pendingCount })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => void signOut()}>
              {t('shell.signOutAnyway')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
