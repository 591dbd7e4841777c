import { msg } from '@shop/shared/messages';
import { httpMsg } from '@shop/shared/messages-http';
import { adminMsg } from '@shop/shared/messages-admin';
import { auditMsg } from '@shop/shared/messages-audit';
import { catalogueMsg } from '@shop/shared/messages-catalogue';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import { maintenanceContractMessages } from '@shop/shared/messages-maintenance-contract';
import { authMessages } from '@shop/shared/schemas/auth';
import { twoFactorMessages } from '@shop/shared/messages-two-factor';
import { orderMessages } from '@shop/shared/schemas/order';
import { mailMsg } from '@shop/shared/messages-mail';
import { listsMsg } from '@shop/shared/messages-lists';
import { orderStatuses, orderStatusLabels } from '@shop/shared/domain/orders';
import { repairMessages } from '@shop/shared/messages-repairs';
import { repairStatuses, repairStatusLabels } from '@shop/shared/domain/repairs';
import { photoMsg } from '@shop/shared/messages-photos';
import { reviewMessages } from '@shop/shared/messages-reviews';
import { browseMsg } from '@shop/shared/messages-browse';
import { variantMsg } from '@shop/shared/schemas/variants';
import { csvImportMsg } from '@shop/shared/schemas/catalogue-csv';
import { unitMsg } from '@shop/shared/schemas/units';
import { imeiMessages } from '@shop/shared/domain/units';
import { guestOrderMessages } from '@shop/shared/schemas/guest-order';
import { settingsMsg } from '@shop/shared/schemas/shop-settings';
import { ibanMessages } from '@shop/shared/domain/shop-settings';
import { counterMsg } from '@shop/shared/schemas/counter';
import { chatOrderMessages } from '@shop/shared/schemas/chat-order';
import { discountMessages } from '@shop/shared/schemas/discounts';
import { giftCardMsg } from '@shop/shared/schemas/gift-cards';
import { salePriceMsg } from '@shop/shared/schemas/sale-prices';
import { dayCloseMsg } from '@shop/shared/schemas/day-close';

/**
 * Every message text the API may answer with, from the shared message modules. A test that
 * requires `msg` to be one of these (or a field message of zod-sq, below) fails on any English
 * text from Fastify, Zod, PostgreSQL or a library that slipped through.
 */
export const knownMessages: ReadonlySet<string> = new Set(
  [
    msg,
    httpMsg,
    adminMsg,
    catalogueMsg,
    warrantyMessages,
    maintenanceContractMessages,
    authMessages,
    orderMessages,
    twoFactorMessages,
    mailMsg,
  ].flatMap((group) => (Object.values(group) as unknown[]).filter((v): v is string => typeof v === 'string')),
);
// The audit log's query errors (issue 13, finding 8), kept on a line of their own for easy merging.
for (const v of Object.values(auditMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// Product photos (issue 17), on a line of their own for easy merging.
for (const v of Object.values(photoMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// Guest orders (issue 30, decision 042), on a line of their own for easy merging.
for (const v of Object.values(guestOrderMessages)) (knownMessages as Set<string>).add(v);
for (const v of Object.values(chatOrderMessages)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// Gift cards (issue 29, decision 048), on a line of their own for easy merging.
for (const v of Object.values(giftCardMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// The paged lists, exports and range statistics (issue 17, decision 021), on a line of their own for easy merging.
for (const v of Object.values(listsMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// A refused status move names both statuses (issue 14): every pair, on lines of their own for easy merging.
for (const from of orderStatuses)
  for (const to of orderStatuses) (knownMessages as Set<string>).add(orderMessages.badMove(orderStatusLabels[from], orderStatusLabels[to]));

// The repair counter (issue 16): its texts, and a refused move naming both statuses, for every pair.
for (const v of Object.values(repairMessages)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
for (const from of repairStatuses)
  for (const to of repairStatuses)
    (knownMessages as Set<string>).add(repairMessages.badMove(repairStatusLabels[from], repairStatusLabels[to]));

// Honest ratings (issue 18): their texts, on lines of their own for easy merging.
for (const v of Object.values(reviewMessages)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// The catalogue's sort, facets and pages (issue 18): its validation texts, on lines of their own for easy merging.
for (const v of Object.values(browseMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// Product variants (issue 27): the fixed texts, on lines of their own for easy merging (the ones naming a row or value are templates below).
for (const v of Object.values(variantMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// The catalogue's CSV import (issue 27): its fixed texts, on a line of their own for easy merging.
for (const v of Object.values(csvImportMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// Phones as units (issue 28): the fixed texts and the IMEI rule's, on a line of their own for easy merging.
for (const v of [...Object.values(unitMsg), ...Object.values(imeiMessages)])
  if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// 'Cilësimet' and the IBAN rule (issue 30, decision 043), on a line of their own for easy merging.
for (const v of [...Object.values(settingsMsg), ...Object.values(ibanMessages)])
  if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// The counter sale (issue 28, decision 044): the fixed texts, on a line of their own for easy merging.
for (const v of Object.values(counterMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// Discount codes (issue 29, decision 049): the fixed texts, on a line of their own for easy merging.
for (const v of Object.values(discountMessages)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// 'Ulje me afat' (issue 29, decision 050): the fixed texts, on a line of their own for easy merging.
for (const v of Object.values(salePriceMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// 'Mbyllja e ditës' and the online orders' returns (decision 051).
for (const v of Object.values(dayCloseMsg)) if (typeof v === 'string') (knownMessages as Set<string>).add(v);
// The pause after wrong second-factor codes (issue 24 finding 5): every wait it may name, up to 15 minutes.
for (let s = 1; s <= 15 * 60; s++) (knownMessages as Set<string>).add(twoFactorMessages.paused(s));

/** Messages that end with something the request named (the unknown product ids of an order). */
const knownPrefixes = [orderMessages.unknownProducts, discountMessages.unknownProducts];

/**
 * Order messages made from a product's name or a status label (any text, written as ANY here)
 * and a number (9999): their fixed parts must be there exactly (issue 14).
 */
const ANY = '@@ANY@@';
const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const templatedMessages = [
  orderMessages.perLine(9999, ANY),
  orderMessages.outOfStock(ANY, 0),
  orderMessages.outOfStock(ANY, 9999),
  orderMessages.openOrders(9999),
  orderMessages.cancelled(9999),
  orderMessages.badMove(ANY, ANY),
  orderMessages.unknownVariant(ANY),
  salePriceMsg.notLower(ANY, ANY),
  salePriceMsg.notPositive(ANY),
  salePriceMsg.oldPriceTooLow(ANY),
  salePriceMsg.overlap(ANY),
  variantMsg.optionTwice(ANY),
  variantMsg.valueTwice(ANY, ANY),
  variantMsg.variantValues(9999, 9999),
  variantMsg.unknownValue(9999, ANY, ANY),
  variantMsg.combinationTwice(9999, 9999),
  variantMsg.skuTwice(9999, 9999),
  variantMsg.skuTaken(ANY),
  variantMsg.barcodeTwice(9999, 9999),
  variantMsg.barcodeTaken(ANY),
  ...Object.values(imeiMessages).map((m) => unitMsg.imeiAt(9999, m)),
  unitMsg.imeiTwice(9999, 9999),
  unitMsg.imeiTaken([ANY]),
  unitMsg.imeiTaken([ANY, ANY]),
  unitMsg.lineUnknown(9999),
  unitMsg.lineNotSerialized(ANY),
  unitMsg.lineNeeds(ANY, 1),
  unitMsg.lineNeeds(ANY, 9999),
  unitMsg.lineTooMany(ANY, 9999),
  unitMsg.unitNotInStock(ANY, ANY),
  unitMsg.imeiTwiceInOrder(ANY),
  settingsMsg.courierTwice(ANY),
  adminMsg.courierUnknown(ANY),
  counterMsg.imeiTwice(ANY),
  counterMsg.variantNotFound(9999),
  counterMsg.needsImei(ANY),
  counterMsg.notSerialized(ANY),
  counterMsg.discountTooHigh(ANY, ANY, 9999),
  counterMsg.outOfStock(ANY),
  counterMsg.unitNotInStock(ANY, ANY),
  counterMsg.paymentShort(ANY),
  counterMsg.created(9999),
  counterMsg.returnLineUnknown(9999),
  counterMsg.returnTooMany(ANY, 0),
  counterMsg.returnTooMany(ANY, 9999),
  counterMsg.returned(9999, ANY),
  dayCloseMsg.alreadyClosed(ANY, ANY),
  dayCloseMsg.returnLineUnknown(9999),
  dayCloseMsg.returnImeis(ANY, 9999),
  dayCloseMsg.returnImeiUnknown(ANY),
  dayCloseMsg.returnTooMany(ANY, 0),
  dayCloseMsg.returnTooMany(ANY, 9999),
  dayCloseMsg.returned(9999, ANY),
  csvImportMsg.refused(1),
  csvImportMsg.refused(9999),
  csvImportMsg.broken(9999),
].map(
  (t) =>
    new RegExp(
      `^${escapeRe(t)
        .replace(/9999/g, String.raw`\d+`)
        .split(ANY)
        .join('.+')}$`,
      'u',
    ),
);

// The texts of @shop/shared/zod-sq's error map, written out independently: a field named by its
// schema path, and only the Albanian type names. "Fusha "x" duhet të jetë bigint." does not pass.
const field = String.raw`Fusha "(?:kërkesa|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)"`;
const type = '(?:tekst|numër|numër i plotë|po/jo|listë|objekt|datë)';
const num = String.raw`-?\d+(?:\.\d+)?`;
const fieldMessages = [
  `${field} mungon\\.`,
  `${field} duhet të jetë ${type}\\.`,
  `${field} nuk mund të jetë bosh\\.`,
  `${field} duhet të ketë të paktën ${num} (?:karaktere|elemente)\\.`,
  `${field} mund të ketë të shumtën ${num} (?:karaktere|elemente)\\.`,
  `${field} duhet të jetë (?:të paktën|më e madhe se|të shumtën|më e vogël se) ${num}\\.`,
  `${field} nuk është një email i vlefshëm\\.`,
  `${field} nuk ka formatin e duhur\\.`,
  `${field} ka një vlerë të palejuar\\.`,
  `${field} ka shumë shifra dhjetore\\.`,
  `${field} nuk është e vlefshme\\.`,
  String.raw`Kërkesa ka fusha të panjohura: [A-Za-z0-9_$, .-]+\.`,
].map((source) => new RegExp(`^${source}$`, 'u'));

/** True when `text` is one of the shop's Albanian API messages. */
export function isAlbanianMessage(text: unknown): boolean {
  if (typeof text !== 'string' || text.trim() === '') return false;
  if (knownMessages.has(text)) return true;
  if (knownPrefixes.some((p) => text.startsWith(p) && text.length > p.length)) return true;
  if (templatedMessages.some((re) => re.test(text))) return true;
  return fieldMessages.some((re) => re.test(text));
}
