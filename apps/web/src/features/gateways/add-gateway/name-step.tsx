import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { gatewayNameSchema } from '@atrium/contracts/gateway';
import { LIMITS } from '@atrium/contracts/limits';
import { muiField } from '../../../ui/mui-field';

const schema = z.object({ name: gatewayNameSchema });
type Values = z.infer<typeof schema>;

interface Props {
  initialName: string;
  onBack: () => void;
  onNamed: (name: string) => void;
}

/** Step 2: the gateway's name, 1 to 30 characters (invalidNameAddGW). */
export function NameStep({ initialName, onBack, onNamed }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: initialName },
    mode: 'onChange',
  });
  const length = form.watch('name').length;
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((v) => onNamed(v.name))}>
      <Stack spacing={2}>
        <TextField
          {...muiField(form, 'name', t)}
          label={t('addGateway.name')}
          autoFocus
          autoComplete="off"
          helperText={
            form.formState.errors.name
              ? t('invalidNameAddGW')
              : t('addGateway.nameCount', { length, max: LIMITS.gatewayNameMax })
          }
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <Button onClick={onBack} color="inherit">
            {t('addGateway.back')}
          </Button>
          <Button type="submit" variant="contained">
            {t('addGateway.next')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
