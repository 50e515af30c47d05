// The fields a command's zod schema knows, in the form the server keeps them
// (public.cmd_payload_shape, supabase/schemas/functions/cmd_payload.sql):
// an object's keys, each true (a value kept as sent), or a nested object's own shape, or for
// an array of objects a one-element array with its elements' shape.
import type { z } from 'zod';

type Shape = true | { [key: string]: Shape } | [Shape];

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })._zod?.def;

export function payloadShape(schema: unknown): Shape {
  const def = defOf(schema);
  if (!def) return true;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, payloadShape(v)]));
    case 'array': {
      const element = payloadShape(def.element);
      return element === true ? true : [element];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return payloadShape(def.innerType);
    case 'pipe':
      return payloadShape(def.in);
    case 'intersection': {
      // Both sides' fields (attach_correction: attach_document's and its own).
      const [left, right] = [payloadShape(def.left), payloadShape(def.right)];
      return left === true || right === true || Array.isArray(left) || Array.isArray(right)
        ? true
        : { ...left, ...right };
    }
    default:
      return true;
  }
}
