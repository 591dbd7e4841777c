import { authText } from '@shop/shared/messages-auth';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <AuthLayout
      pageTitle={authText.forgotTitle}
      title={authText.forgotTitle}
      intro={authText.forgotIntro}
      description="Kërkoni një lidhje për të vendosur një fjalëkalim të ri në MobileShop KS."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
