// Worker threads start without the parent's TypeScript loader: register tsx
// in this thread, then load the tablet (device-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./device-worker.ts');
