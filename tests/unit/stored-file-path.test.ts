// Issue 40: the app reads a shipment's file by the object its row names, whatever the
// column holds (the spec's relative public URL, or a document's path).
import { describe, expect, it } from 'vitest';
import { objectPathOf } from '../../src/lib/documents/stored-file-path';

describe('objectPathOf', () => {
  it("reads the object's path from an image column's relative public URL", () => {
    expect(objectPathOf('/storage/v1/object/public/shipment-documents/shipments/abc/bast.jpg')).toBe(
      'shipments/abc/bast.jpg',
    );
    expect(
      objectPathOf('https://x.test/storage/v1/object/public/shipment-documents/shipments/a%20b/x.png'),
    ).toBe('shipments/a b/x.png');
  });
  it("takes a document's path as it is", () => {
    expect(objectPathOf('shipments/abc/documents/def.pdf')).toBe('shipments/abc/documents/def.pdf');
  });
});
