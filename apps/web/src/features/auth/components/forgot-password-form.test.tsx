import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@shop/shared/schemas/auth';
import { json, mockFetch, renderRoutes, sentBody, wrap } from '../auth-test-utils';
import { ForgotPasswordForm } from './forgot-password-form';

const renderForgot = () => renderRoutes([wrap(<ForgotPasswordForm />, '/harruat-fjalekalimin')], '/harruat-fjalekalimin');

afterEach(() => vi.unstubAllGlobals());

describe('/harruat-fjalekalimin', () => {
  it("posts the e-mail on 'Dërgo lidhjen' and shows the server's neutral answer in place of the form", async () => {
    const fetch = mockFetch(json(202, { msg: authMessages.resetRequested }));
    renderForgot();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' Arta@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Dërgo lidhjen' }));
    const answer = await screen.findByRole('status');
    expect(answer).toHaveTextContent(authMessages.resetRequested);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/forgot-password');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(sentBody(fetch)).toEqual({ email: 'arta@example.com' });
    // No bearer token goes with it, and the form is gone.
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dërgo lidhjen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kthehu te kyçja' })).toHaveAttribute('href', '/kycu');
  });

  it('names a malformed e-mail without calling the server, and shows a refusal or the network text', async () => {
    const fetch = mockFetch(json(429, { msg: authMessages.tooManyAttempts }), new TypeError('Failed to fetch'));
    renderForgot();
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'arta@');
    await user.click(screen.getByRole('button', { name: 'Dërgo lidhjen' }));
    // The browser's own check speaks Albanian; the form is not sent.
    expect((email as HTMLInputElement).validationMessage).toBe(authMessages.emailInvalid);
    expect(fetch).not.toHaveBeenCalled();
    await user.clear(email);
    await user.type(email, 'arta@example.com');
    await user.click(screen.getByRole('button', { name: 'Dërgo lidhjen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.tooManyAttempts);
    await user.click(screen.getByRole('button', { name: 'Dërgo lidhjen' }));
    expect(await screen.findByText('Gabim gjatë lidhjes me serverin')).toBeInTheDocument();
  });
});
