// Spec 4.2: the otw_ status of a new shipment from its destination.
import { describe, expect, it } from 'vitest';
import { otwDestination, otwForHub, otwForWarehouse } from '../../sync/domain/destination';

const hub = (name: string, city: string | null) => ({ name, city });
const warehouse = (name: string, location: string | null = null) => ({ name, location });

describe('otw status from the destination warehouse (Karawang/Cikarang form)', () => {
  it.each([
    ['Gudang Cikarang', 'Hub Cikarang', 'Cikarang', 'otw_cikarang'],
    ['Gudang PolJak', 'Hub PolJak', 'Jakarta', 'otw_poljak'],
    ['Gudang PolSub', 'Hub PolSub', 'Surabaya', 'otw_polsub'],
    ['Gudang Makassar', 'POD Makassar', 'Makassar', 'otw_podmakasar'],
  ])('%s at %s is %s', (w, h, city, key) => {
    expect(otwForWarehouse(warehouse(w), hub(h, city))?.key).toBe(key);
  });

  it('finds the destination in the warehouse name first', () => {
    expect(otwForWarehouse(warehouse('Gudang Transit Jakarta'), hub('Hub Timur', 'Bekasi'))?.key).toBe(
      'otw_poljak',
    );
  });

  it('then in the hub name, then in the hub city', () => {
    expect(otwForWarehouse(warehouse('Gudang Utama'), hub('Hub Surabaya Barat', null))?.key).toBe(
      'otw_polsub',
    );
    expect(otwForWarehouse(warehouse('Gudang Utama'), hub('Hub Timur', 'Cikarang'))?.key).toBe(
      'otw_cikarang',
    );
  });

  it('matches either spelling of Makassar, in any case', () => {
    expect(otwForWarehouse(warehouse('GUDANG MAKASAR'), hub('Hub X', null))?.key).toBe('otw_podmakasar');
    expect(otwForHub(hub('Pelabuhan', 'makassar'))?.key).toBe('otw_podmakasar');
  });

  it('otherwise is otw_ plus the city lowercased without spaces, labelled OTW {city}', () => {
    expect(otwForWarehouse(warehouse('Gudang Utama'), hub('POD Balikpapan', 'Balikpapan'))).toEqual({
      key: 'otw_balikpapan',
      label: 'OTW Balikpapan',
    });
    expect(otwForHub(hub('POD Pangkal Pinang', '  Pangkal Pinang '))).toEqual({
      key: 'otw_pangkalpinang',
      label: 'OTW Pangkal Pinang',
    });
  });

  it('keeps only letters and digits in the key (a status key allows nothing else)', () => {
    expect(otwForHub(hub('POD', 'Bau-Bau'))?.key).toBe('otw_baubau');
    expect(otwForHub(hub('POD', 'Tual 2'))?.key).toBe('otw_tual2');
  });

  it('falls back to the warehouse location when the hub has no city', () => {
    expect(otwForWarehouse(warehouse('Gudang Utama', 'Kendari'), hub('Hub Timur', null))?.key).toBe(
      'otw_kendari',
    );
    expect(otwForWarehouse(warehouse('Gudang Utama', 'Kendari'), hub('Hub Timur', '  '))?.key).toBe(
      'otw_kendari',
    );
  });

  it('is null when nothing names a destination (the form then fails)', () => {
    expect(otwForWarehouse(warehouse('Gudang Utama'), hub('Hub Timur', null))).toBeNull();
    expect(otwForHub(hub('Hub Timur', '  '))).toBeNull();
    expect(otwForHub(hub('Hub Timur', '—'))).toBeNull();
    expect(otwDestination([], null)).toBeNull();
  });

  it('lower-cases ASCII only: no locale rule turns another letter into a match', () => {
    // U+212A KELVIN SIGN lower-cases to "k" in JavaScript's Unicode rules.
    expect(otwDestination(['\u212Aarawang'], null)).toBeNull();
    expect(otwDestination([null, undefined, 'Hub Cikarang'], null)?.key).toBe('otw_cikarang');
  });
});
