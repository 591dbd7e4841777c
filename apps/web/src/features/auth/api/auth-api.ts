import { useMutation, useQuery } from '@tanstack/react-query';
import type { AuthResponse, ChangePasswordBody, LoginBody, Profile, ProfileUpdateBody, ResetPasswordBody } from '@shop/shared/schemas/auth';
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

/** An answer that is only a message. */
export interface MessageAnswer {
  msg?: string;
}

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

/** The profile of another token than the stored one (a ?token= link while someone is logged in). */
export const profileOfToken = (token: string, signal?: AbortSignal) =>
  api<Profile>('/api/auth/profile', { auth: false, headers: { Authorization: `Bearer ${token}` }, signal });

const forgotRequest = (email: string) => api<MessageAnswer>('/api/auth/forgot-password', { method: 'POST', body: { email }, auth: false });

const resetRequest = (body: ResetPasswordBody) => api<MessageAnswer>('/api/auth/reset-password', { method: 'POST', body, auth: false });

/** Verifying needs no session: the link's token is the proof. */
export const verifyEmailRequest = (token: string) =>
  api<MessageAnswer>('/api/auth/verify-email', { method: 'POST', body: { token }, auth: false });

const resendRequest = () => api<MessageAnswer>('/api/auth/resend-verification', { method: 'POST' });

const changePasswordRequest = (body: ChangePasswordBody) => api<SignInAnswer>('/api/auth/change-password', { method: 'POST', body });

const logoutAllRequest = () => api<MessageAnswer>('/api/auth/logout-all', { method: 'POST' });

export const useLoginMutation = () => useMutation({ mutationFn: loginRequest });
export const useGoogleMutation = () => useMutation({ mutationFn: googleRequest });
export const useRegisterMutation = () => useMutation({ mutationFn: registerRequest });
export const useForgotPasswordMutation = () => useMutation({ mutationFn: forgotRequest });
export const useResetPasswordMutation = () => useMutation({ mutationFn: resetRequest });
export const useResendVerificationMutation = () => useMutation({ mutationFn: resendRequest });
export const useChangePasswordMutation = () => useMutation({ mutationFn: changePasswordRequest });
export const useLogoutAllMutation = () => useMutation({ mutationFn: logoutAllRequest });

/** PATCH /api/auth/profile: name, phone ('' clears) and the saved delivery details (null clears); the answer is the profile. */
const updateProfileRequest = (body: ProfileUpdateBody) => api<Profile>('/api/auth/profile', { method: 'PATCH', body });
export const useUpdateProfileMutation = () => useMutation({ mutationFn: updateProfileRequest });

/** The query key of the signed-in user's profile (all tokens). */
export const profileQueryRoot = ['auth', 'profile'] as const;

/** The signed-in user's profile, fresh from the server on every visit (keyed by the token). */
export const useProfileQuery = (token: string | null) =>
  useQuery({
    queryKey: [...profileQueryRoot, token],
    queryFn: ({ signal }) => profileRequest(signal),
    enabled: !!token,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
