import { lazy, useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session/use-session';
import { LoginForm } from './login-form';

// The one-time-code step is its own chunk: most sign-ins do not ask for it (issue 16).
const OtpStep = lazy(() => import('./otp-step').then((module) => ({ default: module.OtpStep })));

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
