/** The mail outbox's statuses, their labels and the delivery schedule's shape. */

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** What causes a mail: every kind the shop sends (the outbox keeps it, 'E-mailet' names it). */
export const mailKinds = [
  'verify-email',
  'reset-password',
  'order-placed',
  'order-status',
  'repair-status',
  'two-factor-enable',
  'two-factor-disable',
  'two-factor-recovery-codes',
  'two-factor-clear',
  'two-factor-pause',
  // Decision 048: the codes of the gift cards an online order issued when delivered.
  'gift-card',
] as const;
export type MailKind = (typeof mailKinds)[number];

/** Status labels in the admin's 'E-mailet' page. */
export const mailStatusLabels: Record<MailStatus, string> = {
  pending: 'Në pritje',
  sent: 'Dërguar',
  failed: 'Dështoi',
};

/** Rows of the admin's outbox list per page. */
export const outboxPageSize = 20;

/**
 * The pause before the next attempt after `attempts` failed ones: base, 2×base, 4×base ...,
 * never more than `capMs` (30 s, 1 min, 2 min ... 1 h with the defaults).
 */
export function mailRetryDelayMs(attempts: number, baseMs = 30_000, capMs = 60 * 60 * 1000): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(capMs, baseMs * 2 ** Math.min(n - 1, 30));
}
