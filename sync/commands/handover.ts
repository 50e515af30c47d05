// The handover's own commands (issue 28): resolve_discrepancy (tower control and admins
// close an open discrepancy with a note) and attach_document (the upload queue records a
// stored file of a shipment once it is in the bucket). The counted receipt itself rides on
// complete_unloading and pod_complete (arrival.ts, pod.ts; its rules in handover-receipt.ts).
// Server side: supabase/schemas/functions/cmd_handover.sql.
import { KEY, keyed } from '../message';
import { z } from 'zod';
import { CommandRefused } from '../errors';
import { hubKind } from '../domain/hub-type';
import { podCityOfShipment } from '../domain/pod-city';
import type { Discrepancy, DocumentKind, DocumentMime, Shipment, ShipmentDocument } from '../model/rows';
import {
  actedAt,
  cleanText,
  holds,
  need,
  newId,
  newRowStamp,
  optionalUuid,
  requireHub,
  requireRole,
  uuid,
} from './helpers';
import { mayActForPodCity } from './pod';
import { charLength, TEXT_BOUNDS } from './text-bounds';
import { defineCommand, type PredictContext } from './types';

// resolve_discrepancy {discrepancy_id, note} ---------------------------------------------

export const resolveDiscrepancy = defineCommand({
  type: 'resolve_discrepancy',
  schema: z.object({
    discrepancy_id: uuid(KEY.handover.discrepancyNotFound),
    note: z
      .string({ error: KEY.handover.resolutionNoteRequired })
      .transform((s) => cleanText(s).trim())
      .pipe(
        z
          .string()
          .min(1, { error: KEY.handover.resolutionNoteRequired })
          // Characters, as the server counts them (issue 40: sync/commands/text-bounds.ts).
          .refine((s) => charLength(s) <= TEXT_BOUNDS.note.max, { error: KEY.handover.noteTooLong }),
      ),
  }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, ['admin', 'tower_control']);
    const d = await need(ctx, 'discrepancies', p.discrepancy_id, keyed('handover.discrepancyNotFound'), strict);
    if (!d) return [];
    if (d.status === 'resolved') {
      if (strict) throw new CommandRefused('conflict', keyed('handover.discrepancyAlreadyResolved'));
      return [];
    }
    return [
      {
        table: 'discrepancies',
        row: {
          ...d,
          status: 'resolved',
          resolved_by: ctx.actor.userId,
          resolved_at: actedAt(ctx),
          resolution_note: p.note,
        } satisfies Discrepancy,
      },
    ];
  },
});

// attach_document {id, shipment_id, kind, path, mime, size_bytes, sha256, device_time, ...} --

export const DOCUMENT_KINDS = [
  'surat_jalan',
  'bast',
  'signature_receiver',
  'signature_driver',
  'discrepancy_photo',
] as const satisfies readonly DocumentKind[];

/** A document's file name extension by its type. */
export const DOCUMENT_EXTENSION: Record<DocumentMime, 'pdf' | 'png' | 'jpg'> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** Where a document is stored in the bucket shipment-documents. */
export const documentObjectPath = (shipmentId: string, id: string, mime: DocumentMime) =>
  `shipments/${shipmentId}/documents/${id}.${DOCUMENT_EXTENSION[mime]}`;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$/;
const invalid = KEY.invalidCommand;
const between = (min: number, max: number) =>
  z
    .number({ error: invalid })
    .min(min, { error: invalid })
    .max(max, { error: invalid })
    .nullish()
    .transform((n) => n ?? null);

export const attachDocumentInput = z
  .object({
    id: newId(),
    shipment_id: uuid(KEY.shipmentNotFound),
    kind: z.enum(DOCUMENT_KINDS, { error: invalid }),
    mime: z.enum(['application/pdf', 'image/png', 'image/jpeg'], { error: invalid }),
    path: z.string({ error: invalid }),
    size_bytes: z
      .number({ error: invalid })
      .int({ error: invalid })
      .min(1, { error: invalid })
      .max(52_428_800, { error: invalid }),
    sha256: z.string({ error: invalid }).regex(/^[0-9a-f]{64}$/, { error: invalid }),
    device_time: z.string({ error: invalid }).regex(TIMESTAMP, { error: invalid }),
    latitude: between(-90, 90),
    longitude: between(-180, 180),
    accuracy_m: between(0, 1e7),
    discrepancy_id: optionalUuid(invalid),
  })
  .refine((p) => p.path === documentObjectPath(p.shipment_id, p.id, p.mime), {
    error: invalid,
    path: ['path'],
  })
  .refine((p) => (p.latitude === null) === (p.longitude === null), { error: invalid })
  .refine((p) => p.discrepancy_id === null || p.kind === 'discrepancy_photo', { error: invalid });

/** The receiving side of a shipment: its destination hub, or for a POD shipment a POD hub of its city. */
async function requireReceivingSide(ctx: PredictContext, s: Shipment): Promise<void> {
  const hubs = await ctx.read.all('hubs');
  const destination = hubs.find((h) => h.id === s.destination_hub_id);
  if (destination && hubKind(destination.name, destination.type) === 'pod') {
    if (!mayActForPodCity(ctx.actor, podCityOfShipment(s, destination), hubs))
      throw new CommandRefused('forbidden', keyed('forbiddenPod'));
    return;
  }
  requireHub(ctx.actor, s.destination_hub_id);
}

export const attachDocument = defineCommand({
  type: 'attach_document',
  schema: attachDocumentInput,
  async predict(p, ctx, strict) {
    const s = await need(ctx, 'shipments', p.shipment_id, keyed('shipmentNotFound'), strict);
    if (!s) return [];
    if (p.kind === 'surat_jalan') requireHub(ctx.actor, s.origin_hub_id);
    else await requireReceivingSide(ctx, s);
    const prior = await ctx.read.get('shipment_documents', p.id);
    // Idempotent by id: the same document again changes nothing.
    if (prior && !prior.deleted) {
      holds(prior.path === p.path && prior.sha256 === p.sha256, strict, keyed('invalidCommand'));
      return [];
    }
    const row: ShipmentDocument = {
      ...newRowStamp(ctx, p.id),
      shipment_id: p.shipment_id,
      kind: p.kind,
      path: p.path,
      mime: p.mime,
      size_bytes: p.size_bytes,
      sha256: p.sha256,
      device_time: p.device_time,
      latitude: p.latitude,
      longitude: p.longitude,
      accuracy_m: p.accuracy_m,
      discrepancy_id: p.discrepancy_id,
      uploaded_by: ctx.actor.userId,
      received_at: actedAt(ctx),
    };
    return [{ table: 'shipment_documents', row }];
  },
});
