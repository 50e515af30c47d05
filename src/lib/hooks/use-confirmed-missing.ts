// "Not found" only when storage agrees. A pull's status says a table has arrived (issue 29) as
// soon as its rows are written; the screen's live query re-emits with those rows a moment
// later, in another render. Between the two a screen read "arrived, and the row is not here"
// and flashed its "not found" on a new device's first sync (seen on a loaded CI machine). A
// screen that believes a row is missing asks storage once more before it says so.
import { useEffect, useState } from 'react';
import type { ViewTable } from '../../../sync/pure';
import { useSyncEngine } from '../sync-engine';

/**
 * True once `looksMissing` holds and a direct read of `table` finds no live row `id`; false
 * while that read runs, and whenever the row is there (the live query will show it).
 */
export function useConfirmedMissing(table: ViewTable, id: string, looksMissing: boolean): boolean {
  const engine = useSyncEngine();
  const key = `${table}:${id}`;
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    if (!looksMissing || !engine) return;
    let current = true;
    type Findable = { findOne(id: string): { exec(): Promise<{ get(field: string): unknown } | null> } };
    void engine
      .collection(table)
      .then((collection) => (collection as unknown as Findable).findOne(id).exec())
      .then((doc) => {
        if (current) setMissing(!doc || doc.get('deleted') === true ? key : null);
      })
      .catch(() => {
        // The read failed: the shell shows failing reads; say nothing here.
        if (current) setMissing(null);
      });
    return () => {
      current = false;
    };
  }, [engine, table, id, key, looksMissing]);
  return looksMissing && missing === key;
}
