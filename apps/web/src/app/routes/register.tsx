import { authText } from '@shop/shared/messages-auth';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { RegisterForm } from '../../features/auth/components/register-form';

export default function RegisterPage() {
  return (
    <AuthLayout
      pageTitle={authText.registerButton}
      title={authText.registerTitle}
      intro={authText.registerIntro}
      description="Krijoni një llogari në MobileShop KS për të blerë më shpejt."
    >
      <RegisterForm variant="register" />
    </AuthLayout>
  );
}
