import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/ui/sonner';
import { SessionProvider } from '../lib/session';
import { PwaPrompts } from './pwa-prompts';
import { router } from './router';

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
      <Toaster />
      <PwaPrompts />
    </SessionProvider>
  );
}
