// Liveness of the edge runtime: answers with the runtime that served it.
Deno.serve(() =>
  Response.json({ status: 'ok', runtime: 'deno', version: Deno.version.deno, time: new Date().toISOString() }),
);
