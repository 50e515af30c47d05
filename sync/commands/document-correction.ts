// attach_correction (issue 40): a sealed document is never rewritten; a correction is a new
// document that names the one it replaces (same shipment, same kind), recorded by the same
// rules as attach_document, and both stay. Server side:
// supabase/schemas/functions/cmd_document_correction.sql.
import { KEY, keyed } from '../message';
import { z } from 'zod';
import { attachDocument, attachDocumentInput } from './handover';
import { holds, need, uuid } from './helpers';
import { defineCommand } from './types';

export const attachCorrectionInput = attachDocumentInput.and(
  z.object({ replaces: uuid(KEY.handover.replacedNotFound) }),
);

export const attachCorrection = defineCommand({
  type: 'attach_correction',
  schema: attachCorrectionInput,
  async predict(p, ctx, strict) {
    const replaced = await need(ctx, 'shipment_documents', p.replaces, keyed('handover.replacedNotFound'), strict);
    if (replaced) {
      holds(
        !replaced.deleted &&
          replaced.shipment_id === p.shipment_id &&
          replaced.kind === p.kind &&
          replaced.id !== p.id,
        strict,
        keyed('handover.replacedNotFound'),
      );
    }
    const { replaces: _replaces, ...document } = p;
    return attachDocument.predict(document, ctx, strict);
  },
});
