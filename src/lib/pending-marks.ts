// The "waiting to sync" markers as a store each card reads for its own id: a command entering
// or leaving the outbox re-renders the cards whose marker changes, not every card of the screen
// (issue 14, P3: with the set in a screen's shared context, each tap re-rendered every card
// twice, once when its command was queued and once when it was sent).
export class PendingMarks {
  private ids: ReadonlySet<string> = new Set();
  private readonly listeners = new Map<string, Set<() => void>>();

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Takes the new set of pending ids and tells the readers of each id whose marker changed. */
  update(next: ReadonlySet<string>): void {
    const before = this.ids;
    this.ids = next;
    for (const [id, readers] of this.listeners) {
      if (before.has(id) === next.has(id)) continue;
      for (const reader of readers) reader();
    }
  }

  /** Calls `reader` whenever the marker of `id` changes; returns the unsubscribe. */
  subscribe(id: string, reader: () => void): () => void {
    const readers = this.listeners.get(id) ?? new Set();
    readers.add(reader);
    this.listeners.set(id, readers);
    return () => {
      readers.delete(reader);
      if (readers.size === 0) this.listeners.delete(id);
    };
  }
}
