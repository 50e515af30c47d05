// Issue 27, finding 9: the app could be framed by any site (no CSP, no frame-ancestors).
// The app server now sends a Content-Security-Policy with frame-ancestors 'none',
// X-Frame-Options, nosniff, a referrer policy and a permissions policy that keeps the
// camera to the app's own origin; and index.html carries the stack's anon key
// (finding 1: on a LAN host the secret is generated at run time). In Chromium: a page of
// another origin cannot frame the app, and the signed-in app raises no CSP violation.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY_META } from '../../supabase/local/app-server';
import { appUrl, newContext, signIn, useBrowser } from '../support/browser';
import { stack } from '../support/clients';
import { DEMO_USERS } from '../support/demo';

const browser = useBrowser();

// A page of another origin (another port) that frames the app, and, as a control, the API's root.
let other: Server;
let otherUrl = '';
beforeAll(async () => {
  other = createServer((req, res) => {
    const src = req.url === '/control' ? `${stack().apiUrl}/` : appUrl('/auth');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>elsewhere</title><iframe id="f" src="${src}" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => other.close(() => r())));

describe("the app's responses", () => {
  it('carry a CSP that forbids framing, X-Frame-Options, nosniff, a referrer and a permissions policy', async () => {
    const html = await fetch(appUrl('/')).then((r) => r.text());
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    for (const path of ['/', '/auth', '/index.html', '/sw.js', '/manifest.webmanifest', script!]) {
      const res = await fetch(appUrl(path));
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain(`connect-src 'self' ${new URL(stack().apiUrl).origin}`);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
      // Issue 28: the location of evidence photos, where the device's setting allows it.
      expect(res.headers.get('permissions-policy')).toContain('geolocation=(self)');
      expect(res.headers.get('permissions-policy')).toContain('microphone=()');
      await res.arrayBuffer();
    }
  });

  it("put the stack's anon key in index.html, on every route of the app shell", async () => {
    for (const path of ['/', '/auth', '/hub/shipping']) {
      const html = await fetch(appUrl(path)).then((r) => r.text());
      expect(html).toContain(`<meta name="${ANON_KEY_META}" content="${stack().anonKey}"`);
      expect(html).not.toContain(stack().serviceRoleKey);
    }
  });
});

describe('in Chromium', () => {
  it('a page of another origin cannot frame the app (the API root, without the headers, can be: control)', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(m.text())) refused.push(m.text());
    });

    await page.goto(`${otherUrl}/control`);
    const control = page.frames().find((f) => f !== page.mainFrame())!;
    await expect
      .poll(() => control.evaluate(() => document.body?.innerText ?? '').catch(() => ''))
      .toContain('Dermaga');

    await page.goto(`${otherUrl}/framed`);
    await page.waitForTimeout(1500);
    const framed = page.frames().find((f) => f !== page.mainFrame())!;
    // Blocked: Chromium shows its error page in the frame; the app never runs there.
    expect(await framed.locator('#email').count()).toBe(0);
    expect(framed.url()).not.toBe(appUrl('/auth'));
    expect(refused.length).toBeGreaterThan(0);
    await context.close();
  });

  it('runs the sign-in, the signed-in app and its service worker without a CSP violation', async () => {
    const context = await newContext(browser());
    // Reported from the first script on, on every page the context opens.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.warn(`[csp-violation] ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const violations: string[] = [];
    context.on('console', (m) => {
      if (m.text().startsWith('[csp-violation]')) violations.push(m.text());
    });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.karawang);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.getByTestId('app-header').waitFor();
    await page.waitForTimeout(1000);
    expect(violations).toEqual([]);
    // The camera is allowed for the app's own origin.
    expect(await page.evaluate(() => document.featurePolicy?.allowsFeature?.('camera') ?? true)).toBe(true);
    await context.close();
  });
});

declare global {
  interface Document {
    featurePolicy?: { allowsFeature(feature: string): boolean };
  }
}
