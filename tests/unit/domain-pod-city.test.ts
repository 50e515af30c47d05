// Spec 4.2, POD: the city a shipment is bound for.
import { describe, expect, it } from 'vitest';
import { podCityFromStatus, podCityOfHub, podCityOfShipment } from '../../sync/domain/pod-city';

describe('POD city from an otw_ status', () => {
  it.each([
    ['otw_podmakasar', 'Makassar'],
    ['otw_podmakassar', 'Makassar'],
    ['otw_balikpapan', 'Balikpapan'],
    ['otw_podbalikpapan', 'Balikpapan'],
    ['otw_pangkalpinang', 'Pangkalpinang'],
    ['otw_makassar', 'Makassar'],
  ])('%s is %s', (status, city) => {
    expect(podCityFromStatus(status)).toBe(city);
  });

  it.each([
    'otw_cikarang',
    'otw_poljak',
    'otw_polsub',
    'otw_karawang',
    'otw_jakarta',
    'otw_surabaya',
    'otw_darat',
    'otw_laut',
  ])('%s is a hub destination, not a POD city', (status) => {
    expect(podCityFromStatus(status)).toBeNull();
  });

  it.each(['confirm_tiba', 'sedang_bongkar', 'otw_', 'otw_pod', '', null, undefined])(
    '%s names no city',
    (status) => {
      expect(podCityFromStatus(status)).toBeNull();
    },
  );
});

describe('POD city of a destination hub', () => {
  it('is the hub city', () => {
    expect(podCityOfHub({ name: 'POD Makassar', city: ' Makassar ' })).toBe('Makassar');
  });
  it('is the name after POD when the hub has no city', () => {
    expect(podCityOfHub({ name: 'POD Balikpapan', city: null })).toBe('Balikpapan');
    expect(podCityOfHub({ name: 'pod', city: '' })).toBeNull();
    expect(podCityOfHub({ name: 'Hub Timur', city: null })).toBeNull();
  });
  it('is none for hubs named Cikarang, PolJak or PolSub', () => {
    expect(podCityOfHub({ name: 'Hub Cikarang', city: 'Cikarang' })).toBeNull();
    expect(podCityOfHub({ name: 'Hub PolJak', city: 'Jakarta' })).toBeNull();
    expect(podCityOfHub({ name: 'hub polsub', city: 'Surabaya' })).toBeNull();
  });
});

describe('POD city of a shipment', () => {
  const pod = { name: 'POD Makassar', city: 'Makassar' };
  it('comes from the status while on the way', () => {
    expect(podCityOfShipment({ status: 'otw_podmakasar' }, { name: 'Elsewhere', city: 'Kendari' })).toBe(
      'Makassar',
    );
  });
  it('comes from the destination hub after arrival', () => {
    expect(podCityOfShipment({ status: 'confirm_tiba' }, pod)).toBe('Makassar');
    expect(podCityOfShipment({ status: 'sedang_bongkar' }, undefined)).toBeNull();
  });
});
