// A read that only the server can answer (user list, audit trail): run while
// online, again on reload() or when its key changes. Offline it does not run;
// the screen says it needs a connection instead.
import { errorInLanguage } from '../i18n/server-message';
import { useCallback, useEffect, useState } from 'react';
import { useOnline } from './use-online';

export interface ServerQuery<T> {
  data: T | undefined;
  error: string | null;
  /** True until the answer for the current key (and reload) has arrived. */
  loading: boolean;
  reload: () => void;
}

interface Answer<T> {
  data?: T;
  error: string | null;
  /** The request this answer is for. */
  for: string;
}

export function useServerQuery<T>(key: string | null, read: () => Promise<T>): ServerQuery<T> {
  const online = useOnline();
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>({ error: null, for: '' });
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const request = key === null ? null : `${key}#${round}`;

  useEffect(() => {
    if (request === null || !online) return;
    let live = true;
    read().then(
      (data) => live && setAnswer({ data, error: null, for: request }),
      (error: unknown) =>
        live &&
        setAnswer((a) => ({ data: a.data, error: errorInLanguage(error), for: request })),
    );
    return () => {
      live = false;
    };
    // `read` is a new closure each render; the request names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, online]);

  return {
    data: answer.data,
    error: answer.error,
    loading: request !== null && answer.for !== request,
    reload,
  };
}
