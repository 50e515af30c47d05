// A tablet on the hub's network: the stack started as a hub runs it (HOST=0.0.0.0), opened in
// Chromium at this machine's network address, as a tablet types it. Over http:// such a page
// is no secure context: no service worker (nothing offline, no install), no camera
// (navigator.mediaDevices), no crypto.subtle (the documents' SHA-256). The stack serves it
// over HTTPS (supabase/local/tls.ts); this browser accepts the stack's own CA as a tablet that
// trusts it does (the flag stands in for installing ca.pem). Signed in with the account's
// generated password, the hub user's tablet syncs, hears Realtime over wss:// and its service
// worker takes the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS_FILE, parseDemoLogins } from '../../supabase/local/demo-logins';
import type { Stack } from '../../supabase/local/stack';
import { useBrowser } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { useLanStack } from '../support/lan-stack';
import { waitFirstSync } from './hub-support';

const browser = useBrowser({ extraArgs: ['--ignore-certificate-errors'] });
const { stack, dataDir } = useLanStack('lan-e2e');
let lan: Stack;
beforeAll(() => {
  lan = stack();
});

describe("a tablet on the hub's network", () => {
  it('gets a secure context: the service worker, the camera and crypto.subtle, and a first sync', async () => {
    const url = new URL(lan.appUrl);
    // The address a tablet types: this machine's, never 0.0.0.0 or loopback.
    expect(url.hostname).not.toMatch(/^(0\.0\.0\.0|127\.|localhost$)/);
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${lan.appUrl}/auth`);
      await page.locator('#email').waitFor();
      expect(
        await page.evaluate(() => ({
          secure: window.isSecureContext,
          serviceWorker: 'serviceWorker' in navigator,
          camera: typeof navigator.mediaDevices?.getUserMedia === 'function',
          subtle: typeof crypto.subtle?.digest === 'function',
        })),
      ).toEqual({ secure: true, serviceWorker: true, camera: true, subtle: true });

      // Realtime's pokes come over the app's own origin, as wss:// (the app server forwards them).
      const sockets: Array<{ url: string; frames: number }> = [];
      page.on('websocket', (ws) => {
        const socket = { url: ws.url(), frames: 0 };
        sockets.push(socket);
        ws.on('framereceived', () => socket.frames++);
      });

      const password = parseDemoLogins(readFileSync(join(dataDir, DEMO_LOGINS_FILE), 'utf8')).get(
        DEMO_USERS.karawang,
      )!;
      await page.locator('#email').fill(DEMO_USERS.karawang);
      await page.locator('#password').fill(password);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
      await waitFirstSync(page);
      await expect
        .poll(() => sockets.some((w) => w.url.startsWith(`wss://${url.host}/realtime/v1/`) && w.frames > 0), {
          timeout: 60_000,
        })
        .toBe(true);
      // The service worker installed from this origin controls the page once it is reloaded.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      expect(scriptUrl).toBe(`${lan.appUrl}/sw.js`);
    } finally {
      await context.close();
    }
  }, 240_000);
});
