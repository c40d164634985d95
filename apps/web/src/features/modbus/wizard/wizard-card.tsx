import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import MeterIcon from '@mui/icons-material/SpeedOutlined';
import { useTranslation } from 'react-i18next';
import { MODBUS_NAME_MAX } from '@atrium/contracts/modbus';
import { METER_FIELD_LABELS } from '../meter-form';
import type { WizardCards } from './use-wizard-cards';
import type { WizardCard as Card_ } from './wizard-form';
import { WizardValueRow } from './wizard-value-row';

interface Props {
  card: Card_;
  mac: string;
  editor: WizardCards;
  readOnly: boolean;
}

type CardField = 'name' | 'ip' | 'port' | 'interval';

/** One meter of the gateway with its values (document 3 §2): duplicate and delete icons. */
export function WizardCard({ card, mac, editor, readOnly }: Props) {
  const { t } = useTranslation();
  const path = (field: string) => `${card.key}.${field}`;
  const field = (name: CardField, maxLength: number) => ({
    size: 'small' as const,
    required: true,
    disabled: readOnly,
    label: t(METER_FIELD_LABELS[name].labelKey),
    value: card[name],
    error: editor.shows(path(name)),
    onChange: (e: { target: { value: string } }) =>
      editor.updateCard(card.key, { [name]: e.target.value }),
    onBlur: () => editor.touch(path(name)),
    slotProps: { htmlInput: { maxLength } },
  });
  const title = card.name || t('modbus.wizard.newCard');
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardHeader
        avatar={<MeterIcon color="primary" />}
        title={title}
        slotProps={{ title: { sx: { fontWeight: 700 }, component: 'h3' } }}
        subheader={card.ip ? `${card.ip}:${card.port}` : undefined}
        action={
          !readOnly && (
            <>
              <Tooltip title={t('modbus.wizard.duplicateCard')}>
                <IconButton
                  aria-label={`${t('modbus.wizard.duplicateCard')} ${title}`}
                  onClick={() => editor.duplicate(card)}
                >
                  <CopyIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('modbus.wizard.deleteCard')}>
                <IconButton
                  aria-label={`${t('modbus.wizard.deleteCard')} ${title}`}
                  onClick={() => editor.removeCard(card.key)}
                >
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </>
          )
        }
        sx={{ bgcolor: 'action.hover', py: 1.25 }}
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1.4fr 0.8fr 1fr' },
          }}
        >
          <TextField
            {...field('name', MODBUS_NAME_MAX)}
            sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
          />
          <TextField {...field('ip', 15)} placeholder="192.168.1.20" />
          <TextField {...field('port', 5)} />
          <TextField
            {...field('interval', 4)}
            slotProps={{
              htmlInput: { maxLength: 4 },
              input: {
                endAdornment: (
                  <InputAdornment position="end">{t('modbus.meter.seconds')}</InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <Typography variant="subtitle2" color="text.secondary">
          {t('modbus.wizard.values')}
        </Typography>
        {card.values.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('modbus.wizard.noValue')}
          </Typography>
        )}
        {card.values.map((value) => (
          <WizardValueRow
            key={value.key}
            card={card}
            value={value}
            mac={mac}
            editor={editor}
            readOnly={readOnly}
          />
        ))}
        {!readOnly && (
          <Box>
            <Button size="small" startIcon={<AddIcon />} onClick={() => editor.addValue(card.key)}>
              {t('modbus.wizard.addValue')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
