// First: zod's settings for the app's CSP, before any schema is used.
import './zod-csp';
// Then the catalogues and the device's language (issue 30): <html lang> and the formats are set
// before anything renders.
import './lib/i18n';
import { StrictMode } from 'react';
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
// before anything opens the local databases again.
void finishPendingWipe().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
