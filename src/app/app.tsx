import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { SessionProvider } from '../lib/session';
import { router } from './router';

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
      <Toaster richColors closeButton position="top-right" />
    </SessionProvider>
  );
}
