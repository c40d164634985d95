import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';

interface Props {
  href: string;
  variant: ButtonProps['variant'];
  startIcon: ReactNode;
  children: ReactNode;
}

/** A button that opens `href` (a gateway page through the cloud, its local UI) in a new tab. */
export function NewTabButton({ href, variant, startIcon, children }: Props) {
  return (
    <Button
      variant={variant}
      startIcon={startIcon}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </Button>
  );
}
