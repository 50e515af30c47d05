// The generated abuse test's bookkeeping (tests/integration/abuse.test.ts, issue 27): each
// request an attacker on the hub's LAN would send is recorded with its class, what it tried,
// the answer's status and whether the abuse was accepted. A run prints, class by class, what
// it tried and the answers by status; it fails on any 5xx or any accepted abuse.
import { createHmac } from 'node:crypto';
import { ownerSql } from './clients';

export interface Tried {
  what: string;
  /** 0: the server closed the connection without an answer. */
  status: number;
  /** The abuse got through (a forged token answered, a limit not applied, a header missing). */
  accepted: boolean;
}

export class AbuseLog {
  private readonly byClass = new Map<string, Tried[]>();

  record(cls: string, what: string, status: number, accepted: boolean): void {
    const list = this.byClass.get(cls) ?? [];
    list.push({ what, status, accepted });
    this.byClass.set(cls, list);
  }

  /** What went wrong in one class: every 5xx and every accepted abuse, by what was tried. */
  failures(cls: string): string[] {
    return (this.byClass.get(cls) ?? [])
      .filter((t) => t.status >= 500 || t.accepted)
      .map((t) => `${t.status >= 500 ? `${t.status}` : 'accepted'}: ${t.what}`);
  }

  count(cls: string): number {
    return this.byClass.get(cls)?.length ?? 0;
  }

  /** One line a class: requests, answers by status, accepted abuses. */
  report(seed: number): string {
    const lines = [`[abuse] seed ${seed} (ABUSE_SEED replays it)`];
    for (const [cls, tried] of this.byClass) {
      const byStatus = new Map<number, number>();
      for (const t of tried) byStatus.set(t.status, (byStatus.get(t.status) ?? 0) + 1);
      const statuses = [...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s || 'closed'}×${n}`)
        .join(' ');
      const accepted = tried.filter((t) => t.accepted).length;
      lines.push(`[abuse] ${cls}: ${tried.length} tried, answers ${statuses}; accepted ${accepted}`);
    }
    return lines.join('\n');
  }
}

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** A JWT as a forger makes it: any header, any claims, signed with any secret (or none). */
export function forgedJwt(
  claims: Record<string, unknown>,
  how: { secret?: string; alg?: 'HS256' | 'none' },
): string {
  const alg = how.alg ?? 'HS256';
  const head = `${b64(JSON.stringify({ alg, typ: 'JWT' }))}.${b64(JSON.stringify(claims))}`;
  if (alg === 'none') return `${head}.`;
  return `${head}.${createHmac('sha256', how.secret ?? '')
    .update(head)
    .digest('base64url')}`;
}

/** After a run: its report (with the seed, to run it again), and the users it made (`run`-...) removed. */
export async function reportAndRemoveUsers(log: AbuseLog, seed: number, run: string): Promise<void> {
  console.log(log.report(seed));
  const sql = await ownerSql();
  try {
    await sql.query('delete from auth.users where email like $1', [`${run}-%`]);
  } finally {
    await sql.end();
  }
}
