import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { skippedAddress } from '@atrium/contracts/monitoring';

type Skipped = z.infer<typeof skippedAddress>;

const REASONS: Record<Skipped['reason'], { labelKey: string }> = {
  missingAddress: { labelKey: 'monitoring.ets.reasons.missingAddress' },
  malformedAddress: { labelKey: 'monitoring.ets.reasons.malformedAddress' },
  duplicateAddress: { labelKey: 'monitoring.ets.reasons.duplicateAddress' },
};

/** Entries an upload left out (a 206 reply), with why. */
export function EtsSkippedList({ skipped }: { skipped: Skipped[] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      {t('monitoring.ets.skipped', { count: skipped.length })}
      <Box
        component="ul"
        sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 160, overflow: 'auto', fontSize: 13 }}
        data-testid="ets-skipped"
      >
        {skipped.map((s, i) => (
          <li key={`${s.address ?? ''}-${i}`}>
            <strong>{s.address ?? '—'}</strong> {s.name ?? ''} · {t(REASONS[s.reason].labelKey)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
