// Runs under Deno: serves every supabase/functions/<name>/index.ts on one port
// at /<name>, the way the hosted edge runtime routes /functions/v1/<name>.
// Each function calls Deno.serve(handler) at import time, as on hosted
// Supabase; here that call is captured instead of opening a port per function.
// Started by functions.ts with: deno run <flags> functions-host.ts <dir> <port>

type Handler = (request: Request) => Response | Promise<Response>;

const [functionsDir, portText] = Deno.args;
const handlers = new Map<string, Handler>();
const realServe = Deno.serve.bind(Deno);
let captured: Handler | undefined;

// deno-lint-ignore no-explicit-any
(Deno as any).serve = (...args: unknown[]) => {
  const handler =
    args.find((a) => typeof a === 'function') ?? (args[0] as { handler?: Handler } | undefined)?.handler;
  captured = handler as Handler;
  return { finished: Promise.resolve(), shutdown: () => Promise.resolve(), ref() {}, unref() {}, addr: {} };
};

for await (const entry of Deno.readDir(functionsDir)) {
  if (!entry.isDirectory || entry.name.startsWith('_')) continue;
  const path = `${functionsDir}/${entry.name}/index.ts`;
  try {
    await Deno.stat(path);
  } catch {
    continue;
  }
  captured = undefined;
  await import(`file://${path}`);
  if (captured) handlers.set(entry.name, captured);
  else console.error(`function ${entry.name} did not call Deno.serve`);
}

realServe(
  { hostname: '127.0.0.1', port: Number(portText), onListen: () => console.log('functions ready') },
  (request) => {
    const url = new URL(request.url);
    const [, name, ...rest] = url.pathname.split('/');
    if (url.pathname === '/_health') return new Response('ok');
    const handler = name ? handlers.get(name) : undefined;
    if (!handler) {
      return Response.json({ error: `Function not found: ${name ?? ''}` }, { status: 404 });
    }
    // The function sees the path below its name, as the hosted runtime passes it.
    url.pathname = `/${name}${rest.length ? '/' + rest.join('/') : ''}`;
    return handler(new Request(url, request));
  },
);

// Stop with the stack even if it is killed without a chance to stop us.
const parent = Deno.ppid;
setInterval(() => {
  try {
    Deno.kill(parent, 'SIGCONT');
  } catch {
    Deno.exit(0);
  }
}, 2000);
