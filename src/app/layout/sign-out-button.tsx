import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SidebarMenuButton } from '../../components/ui/sidebar';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../lib/i18n';
import { signOutAndWipe } from '../../lib/session/session';
import { usePendingCount } from '../sync-status';

/**
 * Log out of a shared tablet: with unsynced work it warns first (the work would be lost),
 * then signs out and wipes everything local (src/lib/session/wipe-local-data.ts).
 */
export function SignOutButton({
  beforeWipe,
}: {
  /** Closes the local database before it is deleted (the sync engine's stop). */
  beforeWipe?: () => Promise<void>;
}) {
  const t = useT();
  const pendingCount = usePendingCount();
  const [confirming, setConfirming] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  /** Whether it signed out (a failure is logged, and the warning stays open). */
  async function signOut(): Promise<boolean> {
    setSigningOut(true);
    try {
      await signOutAndWipe({ beforeWipe });
      return true;
    } catch (err) {
      console.error('sign-out failed', err);
      setSigningOut(false);
      return false;
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
      {/* Cancelled: the focus goes back to Log out (issue 29). */}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        testId="sign-out-warning"
        title={t('shell.signOutPendingTitle')}
        description={t('shell.signOutPendingDescription', { count: pendingCount })}
        confirmLabel={t('shell.signOutAnyway')}
        onConfirm={signOut}
      />
    </>
  );
}
