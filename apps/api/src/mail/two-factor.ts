import type { MailKind } from '@shop/shared/domain/mail';
import { formatMoment } from '@shop/shared/domain/time';
import type { OutgoingMail } from '../repositories/mail-outbox';
import { renderMail } from './layout';

/**
 * The mails that tell an account about every change of its two-factor sign-in (issue 24 finding
 * 2 and 5). None carries a secret (never a code or the key), so staff may read them as they are.
 */

type To = { name: string; email: string };

const notYou = 'Nëse nuk e keni bërë ju këtë ndryshim, ndryshoni menjëherë fjalëkalimin dhe lajmëroni një administrator tjetër të dyqanit.';

function twoFactorMail(kind: MailKind, to: To, subject: string, paragraphs: string[], after: string[] = [notYou]): OutgoingMail {
  return { kind, to: to.email, ...renderMail({ subject, greeting: `Përshëndetje ${to.name},`, paragraphs, after }) };
}

/** '30 sekonda', '1 minutë', '15 minuta'. */
const pauseText = (seconds: number) =>
  seconds < 60 ? `${seconds} sekonda` : Math.round(seconds / 60) === 1 ? '1 minutë' : `${Math.round(seconds / 60)} minuta`;

const at = (when: Date) => formatMoment(when.toISOString());

export const twoFactorEnabledMail = (to: To, when: Date): OutgoingMail =>
  twoFactorMail('two-factor-enable', to, 'Verifikimi në dy hapa u aktivizua', [
    `Më ${at(when)} u aktivizua verifikimi në dy hapa për llogarinë tuaj. Tani në kyçje kërkohet edhe një kod nga aplikacioni i verifikimit.`,
    'U mbyllën të gjitha sesionet e tjera të llogarisë.',
  ]);

export const twoFactorDisabledMail = (to: To, when: Date): OutgoingMail =>
  twoFactorMail('two-factor-disable', to, 'Verifikimi në dy hapa u çaktivizua', [
    `Më ${at(when)} u çaktivizua verifikimi në dy hapa për llogarinë tuaj. Tani kyçeni vetëm me fjalëkalim.`,
  ]);

export const recoveryCodesMail = (to: To, when: Date): OutgoingMail =>
  twoFactorMail('two-factor-recovery-codes', to, 'U krijuan kode rezervë të reja', [
    `Më ${at(when)} u krijuan kode rezervë të reja për verifikimin në dy hapa të llogarisë suaj. Kodet e vjetra nuk vlejnë më.`,
  ]);

export const twoFactorClearedMail = (to: To, when: Date, by: string): OutgoingMail =>
  twoFactorMail(
    'two-factor-clear',
    to,
    'Verifikimi në dy hapa u hoq nga administratori',
    [
      `Më ${at(when)} verifikimi në dy hapa i llogarisë suaj u hoq nga ${by}, sipas procedurës së rikuperimit të dyqanit.`,
      'U mbyllën të gjitha sesionet e llogarisë. Kyçuni me fjalëkalim dhe aktivizojeni përsëri verifikimin në dy hapa te profili.',
    ],
    ['Nëse nuk e keni kërkuar ju këtë, lajmëroni menjëherë pronarin e dyqanit dhe ndryshoni fjalëkalimin.'],
  );

export const twoFactorPausedMail = (to: To, when: Date, failures: number, pauseSeconds: number): OutgoingMail =>
  twoFactorMail(
    'two-factor-pause',
    to,
    'Kode të gabuara në kyçje: kyçja u ndal për pak kohë',
    [
      `Më ${at(when)}, pas ${failures} kodesh verifikimi të gabuara radhazi, kyçja në llogarinë tuaj u ndal për ${pauseText(pauseSeconds)}.`,
      'Kodet provohen vetëm pasi fjalëkalimi është i saktë: dikush që e di fjalëkalimin tuaj mund të jetë duke provuar kode.',
    ],
    ['Nëse nuk ishit ju, ndryshoni menjëherë fjalëkalimin te profili ose me “Keni harruar fjalëkalimin?”.'],
  );
