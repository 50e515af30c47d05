// Issue 40, "an honest trail": the server keeps of a payload the fields its command's zod
// schema knows (public.cmd_payload_shape). A field added to a schema must be added there too,
// or the server drops it before the command runs: this holds the two equal, type by type.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../sync/commands/catalogue';
import { ownerSql } from '../support/clients';
import { payloadShape } from '../support/payload-shape';

describe('public.cmd_payload_shape', () => {
  it('names the fields of every command schema, nested ones included, and no type the catalogue lacks', async () => {
    const sql = await ownerSql();
    try {
      for (const [type, definition] of CATALOGUE) {
        const shape = payloadShape(definition.schema) as Record<string, unknown>;
        const { rows } = await sql.query(
          `select public.cmd_payload_shape($1) as shape, public.cmd_payload_keys($1) as keys,
                  public.cmd_payload_nested($1) as nested`,
          [type],
        );
        const nested = Object.keys(shape).filter((k) => shape[k] !== true);
        // On a mismatch, the lines a new migration's cmd_payload_shape, cmd_payload_keys and
        // cmd_payload_nested need for this type.
        const lines = [
          `when '${type}' then '${JSON.stringify(shape)}'::jsonb`,
          `when '${type}' then array[${Object.keys(shape).map((k) => `'${k}'`).join(', ')}]`,
          nested.length ? `when '${type}' then array[${nested.map((k) => `'${k}'`).join(', ')}]` : '(none)',
        ].join('\n');
        expect(rows[0].shape, lines).toEqual(shape);
        // The same fields as arrays, for the path every command takes.
        expect(rows[0].keys, lines).toEqual(Object.keys(shape));
        expect(rows[0].nested, lines).toEqual(nested.length ? nested : null);
      }
      const { rows } = await sql.query(`select public.cmd_payload_shape('no_such_command') as shape`);
      expect(rows[0].shape).toBeNull();
    } finally {
      await sql.end();
    }
  });
});
