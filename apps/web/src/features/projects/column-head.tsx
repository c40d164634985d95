import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import { VISUALLY_HIDDEN } from '../../ui/visually-hidden';

/** A header that keeps only an icon on narrow screens (its text stays for screen readers). */
export function ColumnHead(props: {
  label: string;
  icon?: ReactNode;
  narrow: boolean;
  align?: 'left' | 'center' | 'right';
}) {
  const align = props.align ?? 'center';
  if (!props.narrow) return <TableCell align={align}>{props.label}</TableCell>;
  return (
    <TableCell align={align} sx={{ color: 'text.secondary', lineHeight: 0 }}>
      {props.icon && (
        // describeChild: a title on the icon, not an aria-label on a <span> (not allowed there).
        <Tooltip title={props.label} describeChild>
          <Box component="span" sx={{ display: 'inline-flex', '& svg': { fontSize: 18 } }}>
            {props.icon}
          </Box>
        </Tooltip>
      )}
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {props.label}
      </Box>
    </TableCell>
  );
}
