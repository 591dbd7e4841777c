import { useMutation, useQuery } from '@tanstack/react-query';
import type { AuthResponse, LoginBody, Profile } from '@shop/shared/schemas/auth';
import { api } from '../../../lib/api-client';

/** The register form's body; phone only on /regjistrohu. */
interface RegisterInput {
  name: string;
  email: string;
  password: string;
  phone?: string;
}

/** What a sign-in call answers; the spec counts it a success only with both token and user. */
export type SignInAnswer = Partial<AuthResponse> & { msg?: string };

const loginRequest = (body: LoginBody) => api<SignInAnswer>('/api/auth/login', { method: 'POST', body, auth: false });

/** A Google credential, with the two-factor code when the account asked for one. */
const googleRequest = (input: string | { credential: string; code?: string }) => {
  const { credential, code } = typeof input === 'string' ? { credential: input, code: undefined } : input;
  return api<SignInAnswer>('/api/auth/google', {
    method: 'POST',
    body: code ? { token: credential, code } : { token: credential },
    auth: false,
  });
};

const registerRequest = (body: RegisterInput) => api<SignInAnswer>('/api/auth/register', { method: 'POST', body, auth: false });

const profileRequest = (signal?: AbortSignal) => api<Profile>('/api/auth/profile', { signal });

export const useLoginMutation = () => useMutation({ mutationFn: loginRequest });
export const useGoogleMutation = () => useMutation({ mutationFn: googleRequest });
export const useRegisterMutation = () => useMutation({ mutationFn: registerRequest });

/** The signed-in user's profile, fresh from the server on every visit (keyed by the token). */
export const useProfileQuery = (token: string | null) =>
  useQuery({
    queryKey: ['auth', 'profile', token],
    queryFn: ({ signal }) => profileRequest(signal),
    enabled: !!token,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
