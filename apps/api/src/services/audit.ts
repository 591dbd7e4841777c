import {
  auditKindLabel,
  auditKinds,
  auditKindLabels,
  type AuditKind,
  type AuditTargetType,
  type AuditValues,
} from '@shop/shared/domain/audit';
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery } from '@shop/shared/schemas/audit';
import type { DbOrTx } from '../db/client';
import { insertAuditRow, listAuditActors, listAuditRows } from '../repositories/audit-log';

/** The admin who acts (the route passes its `req.authUser`). */
export interface AuditActor {
  id: number;
  email: string;
}

/**
 * Who an entry names: an admin, or an operator's command run on the server, which has no account
 * (id null, and in `email` a name saying which command, e.g. `npm run two-factor:clear`).
 */
export type AuditWho = AuditActor | { id: null; email: string };

export interface AuditRecord {
  kind: AuditKind;
  targetType: AuditTargetType;
  targetId: string | number;
  /** The relevant fields only: never password hashes, TOTP secrets or tokens. */
  before: AuditValues | null;
  after: AuditValues | null;
}

/**
 * Records an admin's action. Pass the transaction of the change itself, so the entry exists
 * exactly when the change does (a refused or rolled-back change leaves none).
 */
export async function recordAudit(tx: DbOrTx, actor: AuditWho, entry: AuditRecord): Promise<void> {
  await insertAuditRow(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    kind: entry.kind,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before,
    after: entry.after,
  });
}

/**
 * An edit's entry: the fields that differ, before and after, plus `identity` (the field that says
 * which record, e.g. the product's name or the code) both sides; null when nothing changed (a
 * save without a change is not recorded).
 */
export function changedAuditFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  identity: string,
): { before: AuditValues; after: AuditValues } | null {
  const keys = Object.keys(after).filter((k) => k !== identity && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (keys.length === 0 && JSON.stringify(before[identity]) === JSON.stringify(after[identity])) return null;
  const pick = (v: Record<string, unknown>) => Object.fromEntries([identity, ...keys].map((k) => [k, v[k]])) as AuditValues;
  return { before: pick(before), after: pick(after) };
}

const asValues = (v: unknown): AuditValues | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as AuditValues) : null);

/** One page of 'Historiku', newest first, with the admins and kinds its filters offer. */
export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const page = query.page ?? 1;
  const { rows, total } = await listAuditRows(
    db,
    { actorId: query.actor, kind: query.kind },
    AUDIT_PAGE_SIZE,
    (page - 1) * AUDIT_PAGE_SIZE,
  );
  const actors = await listAuditActors(db);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      actor: { id: r.actorId, email: r.actorEmail },
      kind: r.kind,
      kindLabel: auditKindLabel(r.kind),
      targetType: r.targetType,
      targetId: r.targetId,
      before: asValues(r.before),
      after: asValues(r.after),
    })),
    total,
    page,
    pageSize: AUDIT_PAGE_SIZE,
    actors,
    kinds: auditKinds.map((kind) => ({ kind, label: auditKindLabels[kind] })),
  };
}
