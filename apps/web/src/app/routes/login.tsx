import { authText } from '@shop/shared/messages-auth';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginPage() {
  return (
    <AuthLayout
      pageTitle={authText.loginTitle}
      title={authText.loginTitle}
      intro={authText.loginIntro}
      description="Kyçuni në llogarinë tuaj në MobileShop KS me email ose me Google."
    >
      <LoginForm variant="login" />
    </AuthLayout>
  );
}
