// Issue 12 acceptance: the built app (dist/, what the browser downloads) holds
// neither the service-role key nor the JWT secret. The anon key must be there:
// that proves the scan reads the files the app is made of, so a leaked key
// would be found the same way. Run after `npm run build` (npm test does).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/clients';

const DIST = resolve(import.meta.dirname, '../../dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function containing(needle: string, files: Array<{ path: string; text: string }>): string[] {
  return files.filter((f) => f.text.includes(needle)).map((f) => f.path.slice(DIST.length + 1));
}

// It reads the built files only.
describe('the built bundle', () => {
  it('has no service-role key and no JWT secret in any file', () => {
    expect(existsSync(join(DIST, 'index.html')), 'run npm run build first').toBe(true);
    const files = filesUnder(DIST).map((path) => ({ path, text: readFileSync(path).toString('latin1') }));
    expect(files.some((f) => f.path.endsWith('.js'))).toBe(true);

    // The scan sees what the browser gets: the anon key is built in.
    expect(containing(stack().anonKey, files).length).toBeGreaterThan(0);

    const serviceKey = stack().serviceRoleKey;
    expect(containing(serviceKey, files)).toEqual([]);
    // Its signature alone would be as bad (the key split across strings).
    expect(containing(serviceKey.split('.')[2]!, files)).toEqual([]);
    expect(containing(stack().jwtSecret, files)).toEqual([]);
    expect(containing(Buffer.from(stack().jwtSecret).toString('base64'), files)).toEqual([]);
  });
});
