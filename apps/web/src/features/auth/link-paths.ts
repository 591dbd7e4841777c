/**
 * The account pages that mailed links open (issue 13). Their `?token=` is a single-use link token
 * for the page, not a session token: the on-load `?token=` rule (app/token-param.ts) leaves them alone.
 */
export const FORGOT_PASSWORD_PATH = '/harruat-fjalekalimin';
export const RESET_PASSWORD_PATH = '/rivendos-fjalekalimin';
export const VERIFY_EMAIL_PATH = '/verifiko-email';

/** Pages whose `?token=` belongs to the page itself. */
export const linkTokenPages: readonly string[] = [RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH];
