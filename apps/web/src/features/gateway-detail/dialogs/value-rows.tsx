import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface ValueRow {
  label: string;
  value: ReactNode;
}

/** Labelled values of a remote access dialog (session end, addresses), as a description list. */
export function ValueRows({ rows }: { rows: ValueRow[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(150px, auto) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.25 },
        alignItems: 'center',
        m: 0,
      }}
    >
      {rows.map(({ label, value }) => (
        <Fragment key={label}>
          <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2' }}>
            {label}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, mb: { xs: 1, sm: 0 }, typography: 'body2', overflowWrap: 'anywhere' }}
          >
            {value}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
