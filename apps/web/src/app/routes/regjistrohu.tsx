import { authText } from '@shop/shared/messages-auth';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { RegisterForm } from '../../features/auth/components/register-form';

export default function RegjistrohuPage() {
  return (
    <AuthLayout
      pageTitle={authText.registerButton}
      title={authText.registerTitle}
      intro={authText.registerIntro}
      description="Regjistrohuni në MobileShop KS: emri, email-i, telefoni (opsional) dhe fjalëkalimi."
    >
      <RegisterForm variant="regjistrohu" />
    </AuthLayout>
  );
}
