// Responses of the user-management functions: JSON, with an `error` field on
// failure (spec 7.5), and the CORS headers a browser on another origin needs.

export const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: corsHeaders });
}

/**
 * A refusal the caller should show: its text, and the name of the message (messages.ts) by which
 * the app says it in the device's language (issue 39).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError)
    return json(error.key ? { error: error.message, key: error.key } : { error: error.message }, error.status);
  console.error('[functions]', error);
  return json({ error: (error as Error)?.message || 'Unexpected failure' }, 500);
}

/** Serves a POST-only JSON function: OPTIONS answers the preflight, errors become { error }. */
export function serveJson(handler: (request: Request, body: Record<string, unknown>) => Promise<unknown>) {
  Deno.serve(async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    try {
      if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed: use POST');
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        throw new HttpError(400, 'The request body must be a JSON object');
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw new HttpError(400, 'The request body must be a JSON object');
      }
      return json(await handler(request, body as Record<string, unknown>));
    } catch (error) {
      return errorResponse(error);
    }
  });
}
