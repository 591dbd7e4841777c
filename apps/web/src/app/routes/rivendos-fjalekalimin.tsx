import { useSearchParams } from '../../lib/router';
import { authText } from '@shop/shared/messages-auth';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthLayout pageTitle={authText.resetTitle} title={authText.resetTitle} intro={authText.resetIntro}>
      <ResetPasswordForm token={params.get('token')} />
    </AuthLayout>
  );
}
