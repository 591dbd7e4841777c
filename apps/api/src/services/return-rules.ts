/**
 * The rule of a return's 14 days, in ONE place for the counter's sales and the online orders
 * (decisions 044 and 051): counted in shop dates from the sale (or the delivery); later a return
 * needs the owner's reason — without one 409, staff with one 403, the owner with one passes and
 * the reason is stored and audited by the caller.
 */
import { daysBetween, RETURN_DAYS } from '@shop/shared/domain/counter';
import { todayInShop } from '@shop/shared/domain/time';
import { Conflict, Forbidden } from './errors';

export function checkReturnWindow(
  from: Date,
  actor: { role: string },
  overrideReason: string | undefined,
  messages: { late: string; ownerOnly: string },
): { late: boolean } {
  const late = daysBetween(todayInShop(from), todayInShop()) > RETURN_DAYS;
  if (late && overrideReason === undefined) throw new Conflict(messages.late);
  if (late && actor.role !== 'admin') throw new Forbidden(messages.ownerOnly);
  return { late };
}
