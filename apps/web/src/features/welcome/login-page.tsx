import { useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session/use-session';
import { LoginForm } from './login-form';
import { OtpStep } from './otp-step';

/** /welcome: credentials, then the one-time-code step when the server asks for it. */
export function LoginPage() {
  const user = useSession();
  const [otpUserId, setOtpUserId] = useState<string | null>(null);
  // Navigation after sign-in is done by the form; this covers an already signed-in visit.
  if (user && otpUserId === null) return <Navigate to="/home" replace />;
  return otpUserId ? (
    <OtpStep userId={otpUserId} onBack={() => setOtpUserId(null)} />
  ) : (
    <LoginForm onOtpRequired={setOtpUserId} />
  );
}
