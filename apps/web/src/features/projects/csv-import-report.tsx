import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { csvReport } from '@atrium/contracts/csv';
import { hasTranslation } from '../../lib/i18n/i18n';

export type CsvReport = z.infer<typeof csvReport>;

/** The rows the server refused (nothing was imported) and how many were valid. */
export function CsvImportReport({ report }: { report: CsvReport }) {
  const { t } = useTranslation();
  // Duplicates name the first line in the server's words ("line 2"): say it in the user's language.
  const value = (text: string | undefined) => {
    const line = /^line (\d+)$/.exec(text ?? '')?.[1];
    return line ? t('csvImport.sameAsLine', { line }) : (text ?? '');
  };
  const reason = (code: string) => {
    const key = `csvImport.reasons.${code}`;
    return hasTranslation(key) ? t(key) : code;
  };
  return (
    <Alert
      severity="error"
      sx={{
        mt: 2,
        px: { xs: 1.5, sm: 2 },
        '& .MuiAlert-message': { width: '100%', minWidth: 0 },
        '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
      }}
    >
      <AlertTitle>{t('csvImport.rejected', { count: report.invalid.length })}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('csvImport.validRows', { count: report.valid.length })}
      </Typography>
      <Box sx={{ maxHeight: 220, overflow: 'auto', bgcolor: 'background.paper', borderRadius: 1 }}>
        <Table
          size="small"
          stickyHeader
          aria-label={t('csvImport.rejectedRows')}
          sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('csvImport.line')}</TableCell>
              <TableCell>{t('csvImport.reason')}</TableCell>
              <TableCell>{t('csvImport.value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.invalid.map((row) => (
              <TableRow key={`${row.line}-${row.reason}`}>
                <TableCell>{row.line}</TableCell>
                <TableCell>{reason(row.reason)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{value(row.value)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Alert>
  );
}
