import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ButtonState, DetailButton } from '../model/buttons';
import { buttonLook } from './button-look';

interface Props {
  buttons: ButtonState[];
  onOpen: (id: DetailButton) => void;
}

/** The buttons panel (spec §2): each opens its dialog; a disabled one says why. */
export function ActionsPanel({ buttons, onOpen }: Props) {
  const { t } = useTranslation();
  if (buttons.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('gatewayDetail.actions.none')}
      </Typography>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {buttons.map(({ id, disabled }) => {
        const { icon, label } = buttonLook(id, t);
        const why =
          disabled === 'protected'
            ? t('gatewayDetail.actions.protectedHint')
            : disabled === 'offline'
              ? t('gatewayDetail.actions.offlineHint')
              : '';
        return (
          <Tooltip key={id} title={why}>
            <span>
              <Button
                fullWidth
                variant="outlined"
                size="large"
                startIcon={icon}
                disabled={disabled !== null}
                onClick={() => onOpen(id)}
                data-button={id}
                sx={{ justifyContent: 'flex-start', py: 1.25, bgcolor: 'background.paper' }}
              >
                {label}
              </Button>
            </span>
          </Tooltip>
        );
      })}
    </Box>
  );
}
