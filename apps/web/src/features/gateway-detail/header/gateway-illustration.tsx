import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { ACCENTS, Glyph, type IllustrationKind } from './illustration-glyphs';

type Gateway = Pick<GatewayItem, 'type' | 'pooltype'>;

/** The picture per type; poolnx by pool type (klereo, poolcop or other). */
function illustrationKind(gw: Gateway): IllustrationKind {
  if (gw.type !== 'poolnx') return gw.type;
  if (gw.pooltype === 'klereo') return 'klereo';
  return gw.pooltype === 'poolcop' ? 'poolcop' : 'poolOther';
}

const SCREWS = [88, 104, 120, 136, 152];
// The type label starts past the two status dots (x 84.8 to 101.2) and ends before the edge.
const LABEL_X = 107;
const LABEL_WIDTH = 52;

function TerminalStrip({ y }: { y: number }) {
  return (
    <g>
      <rect x={80} y={y} width={80} height={13} rx={3} fill="#eef1f5" />
      {SCREWS.map((x) => (
        <g key={x}>
          <circle cx={x} cy={y + 6.5} r={3.6} fill="#cfd6df" />
          <path d={`M${x - 2} ${y + 6.5}h4`} stroke="#9aa6b5" strokeWidth={1.2} />
        </g>
      ))}
    </g>
  );
}

/** A DIN-rail module drawn inline: accent colour, front glyph and type name per gateway. */
export function GatewayIllustration({ gateway }: { gateway: Gateway }) {
  const { t } = useTranslation();
  const kind = illustrationKind(gateway);
  const accent = ACCENTS[kind];
  const label = gateway.type.toUpperCase();
  return (
    <Box
      component="svg"
      viewBox="0 0 240 170"
      role="img"
      aria-label={t('gatewayDetail.image', { type: t(`gatewayType.${gateway.type}`) })}
      data-illustration={kind}
      sx={{ width: '100%', maxWidth: 280, height: 'auto', display: 'block', mx: 'auto' }}
    >
      <rect width={240} height={170} rx={16} fill={accent} opacity={0.07} />
      {gateway.type === 'poolnx' && (
        <g fill={accent}>
          <path
            d="M0 138q20-8 40 0t40 0 40 0 40 0 40 0 40 0v16a16 16 0 0 1-16 16H16A16 16 0 0 1 0 154z"
            opacity={0.14}
          />
          <path
            d="M0 150q20-7 40 0t40 0 40 0 40 0 40 0 40 0v4a16 16 0 0 1-16 16H16A16 16 0 0 1 0 154z"
            opacity={0.2}
          />
        </g>
      )}
      <rect x={14} y={78} width={212} height={14} rx={2} fill="#cbd3de" />
      {[26, 50, 182, 206].map((x) => (
        <rect key={x} x={x} y={83} width={10} height={4} rx={1} fill="#b3bdca" />
      ))}
      <rect x={72} y={25} width={100} height={128} rx={10} fill="#1b2433" opacity={0.06} />
      <rect
        x={70}
        y={22}
        width={100}
        height={128}
        rx={10}
        fill="#fff"
        stroke="#c8d0db"
        strokeWidth={1.5}
      />
      <TerminalStrip y={30} />
      <rect x={70} y={50} width={100} height={5} fill={accent} />
      <rect x={82} y={63} width={76} height={46} rx={7} fill={accent} opacity={0.12} />
      <Glyph kind={kind} color={accent} />
      <circle cx={88} cy={120} r={3.2} fill="#43a047" />
      <circle cx={98} cy={120} r={3.2} fill={accent} />
      {/* Right of the status dots, never over them: a long name (EMERGYNX) is squeezed to fit. */}
      <text
        x={LABEL_X}
        y={123}
        fontSize={9}
        fontWeight={700}
        letterSpacing={0.6}
        fill="#5b6778"
        fontFamily="Inter, Segoe UI, Roboto, sans-serif"
        {...(label.length > 7 ? { textLength: LABEL_WIDTH, lengthAdjust: 'spacingAndGlyphs' } : {})}
      >
        {label}
      </text>
      <TerminalStrip y={131} />
    </Box>
  );
}
