// Imported first by main.tsx. zod compiles a fast parser with `new Function` when eval is
// allowed, and probes for it once; under the app's Content-Security-Policy (no
// 'unsafe-eval': supabase/local/app-server.ts) that probe is reported as a CSP violation
// even though zod catches it. Jitless, zod parses the same without the probe (issue 27, finding 9).
import { config } from 'zod';

config({ jitless: true });
