import { RouterProvider } from 'react-router-dom';
import { DetachedToaster } from '../components/ui/sonner';
import { SessionProvider } from '../lib/session/session';
import { SyncEngineProvider } from '../lib/sync-engine';
import { PwaPrompts } from './pwa-prompts';
import { router } from './router';

export function App() {
  return (
    <SessionProvider>
      <SyncEngineProvider>
        <RouterProvider router={router} />
      </SyncEngineProvider>
      <DetachedToaster />
      <PwaPrompts />
    </SessionProvider>
  );
}
