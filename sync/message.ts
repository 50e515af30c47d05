// A message by key (issue 39): what a refusal says, as a key of the catalogue's `server`
// messages (src/lib/i18n/server-id.ts, public.app_messages on the server) and its parameters.
// A parameter that is itself a message ({key, params}: a conflict's "what", a discrepancy's
// item) is put in the device's language too. The screens show it with t(); the Indonesian
// sentence the server made goes along as the text for anything that has no key (an older
// server's answer, an error that is not a refusal).
export interface KeyedMessage {
  key: string;
  params?: Record<string, MessageParam>;
}

export type MessageParam = string | number | boolean | null | KeyedMessage;

function isParam(value: unknown): value is MessageParam {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value) || keyedMessage(value) !== null;
}

/** The {key, params} of an answer or a stored row, or null when it carries none. */
export function keyedMessage(value: unknown): KeyedMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { key, params } = value as { key?: unknown; params?: unknown };
  if (typeof key !== 'string' || key === '') return null;
  if (params === undefined || params === null) return { key };
  if (typeof params !== 'object' || Array.isArray(params)) return { key };
  const kept: Record<string, MessageParam> = {};
  for (const [name, param] of Object.entries(params)) if (isParam(param)) kept[name] = param;
  return { key, params: kept };
}
