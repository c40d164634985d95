import { useNavigate } from 'react-router';
import { setToken } from '../../lib/session/session';
import { decodeToken } from '../../lib/session/token';
import { notify } from '../../ui/snackbar';

/** After sign-in: keep the token and open the fleet home. */
export function useStartSession(): (token: string) => void {
  const navigate = useNavigate();
  return (token) => {
    if (!decodeToken(token)) {
      notify.error();
      return;
    }
    setToken(token);
    void navigate('/home', { replace: true });
  };
}
