import { describe, expect, it } from 'vitest';
import {
  FALLBACK_HUB_PATH,
  HUB_ROUTES,
  hubPath,
  hubSlugForType,
  resolveHubRoute,
} from '../../src/lib/hub-routes';

describe('hub operations routes (spec 2.1, 2.9)', () => {
  it('gives Karawang ready and loading, the other hubs five tabs from otw', () => {
    expect(HUB_ROUTES['hub-karawang']).toMatchObject({ tabs: ['ready', 'loading'], defaultTab: 'ready' });
    for (const slug of ['hub-cikarang', 'hub-poljak', 'hub-polsub'] as const) {
      expect(HUB_ROUTES[slug]).toMatchObject({
        tabs: ['otw', 'arrival', 'unloading', 'ready', 'loading'],
        defaultTab: 'otw',
      });
    }
  });

  it('builds default paths', () => {
    expect(hubPath('hub-karawang')).toBe('/hub-karawang/ready');
    expect(hubPath('hub-poljak')).toBe('/hub-poljak/otw');
    expect(hubPath('hub-polsub', 'loading')).toBe('/hub-polsub/loading');
  });

  it('opens an allowed tab', () => {
    expect(resolveHubRoute('hub-cikarang', 'arrival')).toEqual({
      kind: 'page',
      hub: HUB_ROUTES['hub-cikarang'],
      tab: 'arrival',
    });
  });

  it.each([
    ['hub-nowhere', 'otw', FALLBACK_HUB_PATH],
    ['inventory', 'x', '/hub-karawang/ready'],
    [undefined, undefined, '/hub-karawang/ready'],
    ['hub-karawang', 'otw', '/hub-karawang/ready'],
    ['hub-karawang', 'unloading', '/hub-karawang/ready'],
    ['hub-cikarang', 'done', '/hub-cikarang/otw'],
    ['hub-polsub', 'OTW', '/hub-polsub/otw'],
    ['hub-poljak', undefined, '/hub-poljak/otw'],
  ])('%s/%s redirects to %s', (hub, tab, to) => {
    expect(resolveHubRoute(hub, tab)).toEqual({ kind: 'redirect', to });
  });

  it('maps hub types to their pages', () => {
    expect(hubSlugForType('karawang')).toBe('hub-karawang');
    expect(hubSlugForType('polsub')).toBe('hub-polsub');
    expect(hubSlugForType('pod')).toBeUndefined();
    expect(hubSlugForType('other')).toBeUndefined();
    expect(hubSlugForType(null)).toBeUndefined();
  });
});
