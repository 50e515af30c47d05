import { describe, expect, it } from 'vitest';
import { encodeShipmentQr, parseShipmentQr } from '../../src/lib/documents/qr-payload';

const id = '0b7c3c52-6a55-4a8e-9a51-2f6f7c2f1e0d';

describe('the surat jalan QR payload', () => {
  it('round-trips a shipment id and batch number', () => {
    const text = encodeShipmentQr('https://dermaga.example', id, 'KRW/2026/11/001');
    expect(text).toBe('https://dermaga.example/terima/0b7c3c52-6a55-4a8e-9a51-2f6f7c2f1e0d?batch=KRW%2F2026%2F11%2F001');
    expect(parseShipmentQr(text)).toEqual({ shipmentId: id, batchNumber: 'KRW/2026/11/001' });
  });

  it('accepts another origin and an upper-case id', () => {
    expect(parseShipmentQr(`http://192.168.1.20:54321/terima/${id.toUpperCase()}`)).toEqual({
      shipmentId: id,
      batchNumber: null,
    });
  });

  it('refuses what is not a Dermaga shipment', () => {
    for (const text of ['', 'hello', `dermaga:${id}`, 'https://x.test/terima/not-a-uuid', `https://x.test/other/${id}`, `javascript:alert(1)//terima/${id}`]) {
      expect(parseShipmentQr(text)).toBeNull();
    }
  });
});
