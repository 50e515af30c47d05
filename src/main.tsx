// First: zod's settings for the app's CSP, before any schema is used.
import './zod-csp';
// Then the catalogues and the device's language (issue 30): <html lang>, the formats and the
// text are in the device's language before anything renders (languageReady below).
import { languageReady } from './lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyHighContrast } from './lib/high-contrast';
import { finishPendingWipe } from './lib/session/wipe-local-data';
import './index.css';

// The device's high-contrast choice, before anything is rendered (issue 29).
applyHighContrast();

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing the #root element');

// A sign-out whose wipe was blocked (another tab held a database open) is finished
// before anything opens the local databases again. A device set to English waits for its
// catalogue too (its own chunk, issue 43), so the first paint is English, never Indonesian
// then English. Both run side by side (languageReady never rejects).
// The first render is a transition (issue 43): React renders it in slices of a few
// milliseconds, so a slow tablet's main thread is not held for the whole first screen at once.
void Promise.all([finishPendingWipe(), languageReady]).finally(() => {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
