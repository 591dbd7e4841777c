/** The small part of Google Identity Services (accounts.google.com/gsi/client) we use. */
export interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleIdApi {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    itp_support?: boolean;
    use_fedcm_for_button?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      shape?: 'rectangular' | 'pill' | 'circle' | 'square';
      logo_alignment?: 'left' | 'center';
      width?: number;
      locale?: string;
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

export const GSI_SRC = 'https://accounts.google.com/gsi/client';

/** The meta tag the server writes into every page with its GOOGLE_CLIENT_ID (empty when unset). */
export const CLIENT_ID_META = 'google-signin-client_id';

let serverClientId: string | undefined;

/** The server's renderer (entry-server.tsx) says, before it renders, which client id the API verifies. */
export function setServerGoogleClientId(clientId: string | undefined): void {
  serverClientId = clientId || undefined;
}

/**
 * The Google client id the API verifies tokens for, or undefined when Google sign-in is not
 * configured there (issue 26: a button the API would refuse is not shown). The server says it in
 * the page itself (a meta tag, read at once: no flash); a page without the tag (Vite's dev server)
 * falls back to the build's VITE_GOOGLE_CLIENT_ID.
 */
export function googleClientId(): string | undefined {
  if (typeof document === 'undefined') return serverClientId;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${CLIENT_ID_META}"]`);
  if (meta) return meta.content || undefined;
  return (import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined) || undefined;
}

let loading: Promise<GoogleIdApi> | null = null;

/** Loads the Google Identity Services script once (allowed by the CSP); rejects when it cannot. */
export function loadGoogleIdentity(): Promise<GoogleIdApi> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleIdApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else fail();
    };
    const fail = () => {
      loading = null; // allow a later screen to try again
      script.remove();
      reject(new Error('Google Identity Services could not be loaded'));
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}
