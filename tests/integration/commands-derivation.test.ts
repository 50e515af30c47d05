// The derivation rules exist twice: in sync/domain (the device's predictions)
// and in SQL (the server's decisions, supabase/schemas/functions/domain_rules.sql). Both get
// the same inputs here, the spec's cases and a few hundred generated ones with
// awkward text (keyword fragments, case, white space JavaScript trims, letters
// that a locale would lower-case into ASCII), and must give the same answers.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { otwDestination } from '../../sync/domain/destination';
import { hubKind } from '../../sync/domain/hub-type';
import { podCityFromStatus, podCityOfHub } from '../../sync/domain/pod-city';
import { dmTrim, slug } from '../../sync/domain/text';
import { formatWib, jakartaDate } from '../../sync/domain/time';
import { closeDb, db } from './commands-support';

afterAll(closeDb);

const FRAGMENTS = [
  'Hub ',
  'Gudang ',
  'POD ',
  'pod',
  'Pol',
  'Jak',
  'jakarta',
  'Surabaya',
  'sub',
  'cik',
  'arang',
  'Karawang',
  'CIKARANG',
  'makas',
  'sar',
  'Makassar',
  'makasar',
  'Kendari',
  'Pangkal Pinang',
  'Bau-Bau',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '-',
  '_',
  '2',
  'é',
  'İ',
  '\u212a',
  'K',
  'x',
  'ß',
  '😀',
];

const text = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 5 }).map((parts) => parts.join(''));
const maybeText = fc.option(text, { nil: null });
const TYPES = ['hub', 'pod', ' POD ', 'karawang', 'cikarang', 'poljak', 'polsub', 'other', ''];

interface Case {
  a: string | null;
  b: string | null;
  c: string | null;
  city: string | null;
  type: string | null;
  status: string;
  ts: string;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  a: maybeText,
  b: maybeText,
  c: maybeText,
  city: maybeText,
  type: fc.option(fc.constantFrom(...TYPES), { nil: null }),
  status: fc
    .array(
      fc.constantFrom('otw_', 'pod', 'makassar', 'makasar', 'cikarang', 'laut', 'bitung', '_', 'x', '2'),
      {
        maxLength: 4,
      },
    )
    .map((p) => p.join('')),
  ts: fc
    .integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2060-01-01T00:00:00Z') })
    .map((ms) => new Date(ms).toISOString()),
});

const SPEC_CASES: Case[] = [
  {
    a: 'Gudang Cikarang',
    b: 'Hub Cikarang',
    c: 'Cikarang',
    city: 'Cikarang',
    type: 'cikarang',
    status: 'otw_cikarang',
    ts: '2026-11-21T07:05:00.000Z',
  },
  {
    a: 'Gudang PolJak',
    b: 'Hub PolJak',
    c: 'Jakarta',
    city: 'Jakarta',
    type: 'poljak',
    status: 'otw_poljak',
    ts: '2026-11-21T17:00:00.000Z',
  },
  {
    a: 'Gudang PolSub',
    b: 'Hub PolSub',
    c: 'Surabaya',
    city: 'Surabaya',
    type: 'polsub',
    status: 'otw_polsub',
    ts: '2026-12-31T16:59:59.999Z',
  },
  {
    a: 'Gudang Makassar',
    b: 'POD Makassar',
    c: 'Makassar',
    city: 'Makassar',
    type: 'pod',
    status: 'otw_podmakasar',
    ts: '2026-05-01T00:00:00.000Z',
  },
  {
    a: null,
    b: 'POD Balikpapan',
    c: null,
    city: null,
    type: 'hub',
    status: 'otw_podmakassar',
    ts: '2026-08-31T20:30:00.000Z',
  },
  {
    a: 'Gudang Utama',
    b: 'Hub Timur',
    c: 'Pangkal Pinang',
    city: ' Pangkal Pinang ',
    type: null,
    status: 'otw_pangkalpinang',
    ts: '2026-01-01T00:00:00.000Z',
  },
];

interface Answer {
  kind: string;
  key: string | null;
  label: string | null;
  status_city: string | null;
  hub_city: string | null;
  slug: string | null;
  trimmed: string | null;
  jdate: string;
  wib: string;
}

async function server(cases: Case[]): Promise<Answer[]> {
  const { rows } = await (
    await db()
  ).query<Answer>(
    `select public.hub_kind(x->>'a', x->>'type') as kind,
            d.key, d.label,
            public.pod_city_from_status(x->>'status') as status_city,
            public.pod_city_of_hub(x->>'b', x->>'city') as hub_city,
            public.dm_slug(x->>'city') as slug,
            public.dm_trim(x->>'a') as trimmed,
            public.dm_jakarta_date((x->>'ts')::timestamptz)::text as jdate,
            public.dm_format_wib((x->>'ts')::timestamptz) as wib
     from jsonb_array_elements($1::jsonb) with ordinality as c(x, ord)
     cross join lateral public.otw_destination(array[x->>'a', x->>'b', x->>'c'], x->>'city') d
     order by c.ord`,
    [JSON.stringify(cases)],
  );
  return rows;
}

function device(c: Case): Answer {
  const otw = otwDestination([c.a, c.b, c.c], c.city);
  return {
    kind: hubKind(c.a, c.type),
    key: otw?.key ?? null,
    label: otw?.label ?? null,
    status_city: podCityFromStatus(c.status),
    hub_city: podCityOfHub({ name: c.b ?? '', city: c.city }),
    slug: slug(c.city),
    trimmed: c.a === null ? null : dmTrim(c.a),
    jdate: jakartaDate(c.ts),
    wib: formatWib(c.ts),
  };
}

describe('derivation rules: device and server agree', () => {
  it('on the spec cases', async () => {
    const answers = await server(SPEC_CASES);
    SPEC_CASES.forEach((c, i) => expect(answers[i], JSON.stringify(c)).toEqual(device(c)));
    expect(answers.map((a) => a.key)).toEqual([
      'otw_cikarang',
      'otw_poljak',
      'otw_polsub',
      'otw_podmakasar',
      null,
      'otw_pangkalpinang',
    ]);
    expect(answers[4]).toMatchObject({ kind: 'other', status_city: 'Makassar', hub_city: 'Balikpapan' });
  });

  it('on generated text', async () => {
    const cases = fc.sample(caseArb, 400);
    const answers = await server(cases);
    const mismatches = cases
      .map((c, i) => ({ c, server: answers[i], device: device(c) }))
      .filter((m) => JSON.stringify(m.server) !== JSON.stringify(m.device));
    expect(mismatches.slice(0, 3)).toEqual([]);
  });
});
