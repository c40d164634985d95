import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { muiField } from '../../../ui/mui-field';
import { DetailDialog } from './detail-dialog';

const PROTOCOLS = ['https', 'http'] as const;
const required = z.string().trim().min(1, 'requiredField');
/** Third-party connection (spec §5): protocol (default https), IP address and port required. */
const schema = z.object({
  startUrl: z.string().trim(),
  protocol: z.enum(PROTOCOLS),
  ipAddress: required,
  port: required,
});
type Values = z.infer<typeof schema>;

/**
 * Third-party connection dialog: submitting only marks the fields touched and
 * shows their errors; what it does after is not specified (spec §2).
 */
export function ThirdPartyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { startUrl: '', protocol: 'https', ipAddress: '', port: '' },
  });
  const protocol = useWatch({ control: form.control, name: 'protocol' });
  const submit = form.handleSubmit(
    () => setChecked(true),
    () => setChecked(false),
  );
  return (
    <DetailDialog
      title={t('gatewayDetail.actions.thirdParty')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      actions={
        <>
          <Button color="inherit" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained">
            {t('gatewayDetail.thirdParty.submit')}
          </Button>
        </>
      }
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          {...muiField(form, 'startUrl', t)}
          label={t('gatewayDetail.thirdParty.startUrl')}
          placeholder="/index.html"
        />
        <TextField
          select
          label={t('gatewayDetail.thirdParty.protocol')}
          value={protocol}
          onChange={(e) => form.setValue('protocol', e.target.value === 'http' ? 'http' : 'https')}
        >
          {PROTOCOLS.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...muiField(form, 'ipAddress', t)}
            required
            label={t('gatewayDetail.thirdParty.ip')}
            sx={{ flex: 2 }}
          />
          <TextField
            {...muiField(form, 'port', t)}
            required
            label={t('gatewayDetail.thirdParty.port')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        {checked && <Alert severity="info">{t('gatewayDetail.thirdParty.checked')}</Alert>}
      </Stack>
    </DetailDialog>
  );
}
