import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatMac, macSchema, serialSchema } from '@atrium/contracts/gateway';
import { LIMITS } from '@atrium/contracts/limits';
import { muiField } from '../../../ui/mui-field';
import { SubmitButton } from '../../../ui/submit-button';

const schema = z.object({ mac: macSchema, sn: serialSchema });
type Values = z.input<typeof schema>;

interface Props {
  busy: boolean;
  /** Values read from the label's QR code (a photo, a pasted code), shown to check. */
  initial?: { mac: string; sn: string } | null;
  onSubmit: (gateway: { mac: string; sn: string }) => void;
}

/** MAC (12 hex, separators allowed) and serial number (8) typed by hand (spec §5). */
export function ManualEntryForm({ busy, initial = null, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: initial ? { mac: formatMac(initial.mac), sn: initial.sn } : { mac: '', sn: '' },
  });
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack spacing={2}>
        <TextField
          {...muiField(form, 'mac', t)}
          label={t('addGateway.mac')}
          placeholder="AA:BB:CC:DD:EE:FF"
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: LIMITS.macDisplayLength, spellCheck: false } }}
        />
        <TextField
          {...muiField(form, 'sn', t)}
          label={t('addGateway.sn')}
          placeholder="ABCD1234"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: LIMITS.serialLength, spellCheck: false } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <SubmitButton size="medium" pending={busy}>
            {t('addGateway.next')}
          </SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
