import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { idCriteria, ID_CRITERIA_KEYS, type IdCriterion } from '../model/id-criteria';

function criterionLabel(key: IdCriterion, t: TFunction): string {
  switch (key) {
    case 'atLeast8':
      return t('atLeast8');
    case 'noSpecialCharactersPwd':
      return t('gatewayDetail.ids.forPassword', { rule: t('noSpecialCharactersPwd') });
    case 'upperCase':
      return t('upperCase');
    case 'digitsCriteriaMsg':
      return t('digitsCriteriaMsg');
    case 'noSpecialCharacters':
      return t('gatewayDetail.ids.forUsername', { rule: t('noSpecialCharacters') });
  }
}

/** The live criteria of spec §5, each green when met and red when not. */
export function IdCriteriaList({ username, password }: { username: string; password: string }) {
  const { t } = useTranslation();
  const met = idCriteria(username, password);
  return (
    <Box
      component="ul"
      aria-label={t('gatewayDetail.ids.criteria')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 0.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
      }}
    >
      {ID_CRITERIA_KEYS.map((key) => {
        const Icon = met[key] ? CheckCircleIcon : CancelIcon;
        return (
          <Box
            component="li"
            key={key}
            data-criterion={key}
            data-met={met[key]}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.75,
              color: met[key] ? 'success.main' : 'error.main',
            }}
          >
            <Icon sx={{ fontSize: 16 }} />
            <Typography variant="body2" sx={{ fontSize: 13, color: 'inherit' }}>
              {criterionLabel(key, t)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
