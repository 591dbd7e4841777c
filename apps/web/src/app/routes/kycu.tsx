import { authText } from '@shop/shared/messages-auth';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';

export default function KycuPage() {
  return (
    <AuthLayout
      pageTitle={authText.loginTitle}
      title={authText.loginTitle}
      intro={authText.kycuIntro}
      description="Kyçuni në MobileShop KS me Google ose me email dhe fjalëkalim."
    >
      <LoginForm variant="kycu" />
    </AuthLayout>
  );
}
