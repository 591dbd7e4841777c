import type { OutgoingMail } from '../repositories/mail-outbox';
import { renderSecretMail } from './layout';

/** Where the links in account mails point: the shop's public address, without a trailing slash. */
export const publicBase = (config: { PUBLIC_URL?: string; PORT: number }): string => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

const notYou = 'Nëse nuk e keni kërkuar ju këtë, injorojeni këtë email: llogaria juaj mbetet siç është.';

/** The verification mail sent after registration (and on 'Dërgo përsëri'). */
export function verifyEmailMail(to: { name: string; email: string }, url: string): OutgoingMail {
  return {
    kind: 'verify-email',
    to: to.email,
    ...renderSecretMail({
      subject: 'Verifikoni email-in tuaj',
      greeting: `Përshëndetje ${to.name},`,
      paragraphs: ['Faleminderit që u regjistruat. Që të jemi të sigurt se ky email është i juaji, hapni lidhjen më poshtë.'],
      action: { label: 'Verifiko email-in', url },
      after: ['Lidhja është e vlefshme 48 orë dhe mund të përdoret vetëm një herë.', notYou],
    }),
  };
}

/** The mail with a link to set a new password. */
export function resetPasswordMail(to: { name: string; email: string }, url: string): OutgoingMail {
  return {
    kind: 'reset-password',
    to: to.email,
    ...renderSecretMail({
      subject: 'Vendosni një fjalëkalim të ri',
      greeting: `Përshëndetje ${to.name},`,
      paragraphs: [
        'Dikush (ndoshta ju) kërkoi të vendosë një fjalëkalim të ri për llogarinë tuaj. Hapni lidhjen më poshtë për ta bërë këtë.',
      ],
      action: { label: 'Vendos fjalëkalimin e ri', url },
      after: [
        'Lidhja është e vlefshme 30 minuta dhe mund të përdoret vetëm një herë. Pas ndryshimit, do të dilni nga llogaria në të gjitha pajisjet.',
        notYou,
      ],
    }),
  };
}
