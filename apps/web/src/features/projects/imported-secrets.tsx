import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatMac, type importedGateway } from '@atrium/contracts/gateway';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../ui/snackbar';

type Imported = z.infer<typeof importedGateway>;

const copy = async (text: string) => {
  if (await copyText(text)) notify.success('csvImport.copied');
  else notify.error();
};

/** Device secrets of imported gateways: the server returns them once, so they can be copied. */
export function ImportedSecrets({ gateways }: { gateways: Imported[] }) {
  const { t } = useTranslation();
  const all = [
    'mac,sn,type,secret',
    ...gateways.map((g) => `${g.mac},${g.sn},${g.type},${g.secret}`),
  ].join('\n');
  return (
    <Box sx={{ mt: 2 }}>
      <Alert
        severity="warning"
        action={
          <Button
            color="inherit"
            size="small"
            sx={{ whiteSpace: 'nowrap' }}
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy(all)}
          >
            {t('csvImport.copyAll')}
          </Button>
        }
      >
        {t('csvImport.secretsOnce')}
      </Alert>
      <Box sx={{ maxHeight: 260, overflow: 'auto', mt: 1.5 }}>
        <Table
          size="small"
          stickyHeader
          aria-label={t('csvImport.secrets')}
          sx={{ '& th': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('gateways.columns.mac')}</TableCell>
              <TableCell>{t('gateways.columns.sn')}</TableCell>
              <TableCell>{t('csvImport.secret')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {gateways.map((g) => (
              <TableRow key={g.mac}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {formatMac(g.mac)}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{g.sn}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                  {g.secret}
                  <Tooltip title={t('csvImport.copySecret')}>
                    <IconButton
                      size="small"
                      aria-label={t('csvImport.copySecretOf', { mac: formatMac(g.mac) })}
                      onClick={() => void copy(g.secret)}
                      sx={{ ml: 0.5 }}
                    >
                      <ContentCopyIcon sx={{ fontSize: 16 }} />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
