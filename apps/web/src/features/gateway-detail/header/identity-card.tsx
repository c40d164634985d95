import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { GatewayIllustration } from './gateway-illustration';

type Gateway = Pick<GatewayItem, 'type' | 'sn' | 'pooltype'>;

/** The picture per type, the type, the serial number and, for poolnx, the pool type. */
export function IdentityCard({ gateway: gw }: { gateway: Gateway }) {
  const { t } = useTranslation();
  const poolType =
    gw.pooltype === 'klereo'
      ? t('gatewayDetail.pool.klereo')
      : gw.pooltype === 'poolcop'
        ? t('gatewayDetail.pool.poolcop')
        : t('gatewayDetail.pool.other');
  const rows: [string, string, boolean][] = [
    [t('gatewayDetail.type'), t(`gatewayType.${gw.type}`), false],
    [t('gatewayDetail.serial'), gw.sn, true],
    ...(gw.type === 'poolnx'
      ? [[t('gatewayDetail.pool.type'), poolType, false] as [string, string, boolean]]
      : []),
  ];
  return (
    <>
      <GatewayIllustration gateway={gw} />
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          gap: 0.75,
          columnGap: 2,
          m: 0,
          mt: 2,
        }}
      >
        {rows.map(([label, value, mono]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              data-testid={mono ? 'gateway-serial' : undefined}
              sx={{
                m: 0,
                fontWeight: 600,
                fontFamily: mono ? 'monospace' : undefined,
                textAlign: 'right',
              }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
