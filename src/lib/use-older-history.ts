// Older history, a page at a time (issue 26): the screens' "Muat riwayat lebih
// lama" step. Like useServerQuery (./hooks/use-server-query.ts) it reads only while
// online and only what the server can answer (./older-history.ts); unlike it,
// it keeps the pages it read and asks for the next one after the last row
// (keyset paging). A new key (other filters, another hub) starts afresh; an
// answer for an earlier key is dropped. Offline it reads nothing and the screen
// says that older records need a connection.
import { errorInLanguage } from './i18n/server-message';
import { useCallback, useEffect, useState } from 'react';
import { OLDER_PAGE_SIZE } from './older-history';
import { useOnline } from './hooks/use-online';

export interface OlderPages<T> {
  /** Every row read so far for the current key, in the server's order. */
  rows: T[];
  online: boolean;
  /** A page is on its way. */
  loading: boolean;
  /** The last read's failure (the server's message), until the next read. */
  error: string | null;
  /** A page came back short: the server has nothing older. */
  done: boolean;
  /** A page was asked for under the current key. */
  started: boolean;
  /** Reads the next page (nothing while offline, loading, or done). */
  loadMore: () => void;
}

interface Loaded<T> {
  key: string | null;
  rows: T[];
  /** Pages read under this key. */
  pages: number;
  done: boolean;
  error: string | null;
  /** The ask (round) whose read failed: a new ask tries again. */
  failedRound: number;
}

const fresh = <T>(key: string | null): Loaded<T> => ({
  key,
  rows: [],
  pages: 0,
  done: false,
  error: null,
  failedRound: -1,
});

export function useOlderPages<T>(
  key: string | null,
  readPage: (after: T | undefined, limit: number) => Promise<T[]>,
  options: { pageSize?: number; auto?: boolean } = {},
): OlderPages<T> {
  const pageSize = options.pageSize ?? OLDER_PAGE_SIZE;
  const online = useOnline();
  // How many pages the user asked for under which key; each ask is a new round.
  const [asked, setAsked] = useState({ key, pages: 0, round: 0 });
  const [loaded, setLoaded] = useState<Loaded<T>>(() => fresh(key));
  const have = loaded.key === key ? loaded : fresh<T>(key);
  const askedPages = asked.key === key ? asked.pages : 0;
  // A range reaching before the window reads its first page by itself.
  const wanted = Math.max(askedPages, options.auto ? 1 : 0);
  const needs =
    key !== null && online && !have.done && have.pages < wanted && have.failedRound !== asked.round;
  const page = have.pages;
  const after = have.rows.at(-1);

  useEffect(() => {
    if (!needs) return;
    let live = true;
    const settle = (change: (base: Loaded<T>) => Loaded<T>) =>
      setLoaded((prev) => {
        const base = prev.key === key ? prev : fresh<T>(key);
        return live && base.pages === page ? change(base) : prev;
      });
    readPage(after, pageSize).then(
      (rows) =>
        settle((base) => ({
          ...base,
          rows: [...base.rows, ...rows],
          pages: base.pages + 1,
          done: rows.length < pageSize,
          error: null,
        })),
      (error: unknown) =>
        settle((base) => ({
          ...base,
          error: errorInLanguage(error),
          failedRound: asked.round,
        })),
    );
    return () => {
      live = false;
    };
    // `readPage` is a new closure each render; the key names what it reads, `page` which page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needs, key, page, asked.round]);

  const loadMore = useCallback(() => {
    if (key === null || !online || have.done) return;
    // One page more than read so far (after a failure: that page again).
    setAsked((a) => ({ key, pages: have.pages + 1, round: a.round + 1 }));
  }, [key, online, have.done, have.pages]);

  return {
    rows: have.rows,
    online,
    loading: needs,
    error: have.error,
    done: have.done,
    started: wanted > 0,
    loadMore,
  };
}
