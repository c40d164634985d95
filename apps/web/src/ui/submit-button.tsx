import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * The main button of a form or dialog: contained, disabled with a spinner while its
 * request runs (`pending`), and also while `disabled`. A submit button, unless it has
 * an `onClick`. Large in the welcome forms, medium in dialogs.
 */
export function SubmitButton({
  pending,
  disabled = false,
  onClick,
  size = 'large',
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  onClick?: () => void;
  size?: 'medium' | 'large';
  children: ReactNode;
}) {
  return (
    <Button
      type={onClick ? 'button' : 'submit'}
      variant="contained"
      size={size}
      onClick={onClick}
      disabled={pending || disabled}
      startIcon={
        pending ? <CircularProgress size={size === 'large' ? 18 : 16} color="inherit" /> : undefined
      }
    >
      {children}
    </Button>
  );
}
