import type { ReactElement } from 'react';

/** What the device's front panel shows: its type, or the pool controller for poolnx. */
export type IllustrationKind =
  'kloudnx' | 'klocknx' | 'emergynx' | 'grafnx' | 'klereo' | 'poolcop' | 'poolOther';

export const ACCENTS: Record<IllustrationKind, string> = {
  kloudnx: '#1f5fae',
  klocknx: '#00897b',
  emergynx: '#e65100',
  grafnx: '#6a1b9a',
  klereo: '#0288d1',
  poolcop: '#00838f',
  poolOther: '#546e7a',
};

const wave = (y: number) => `M104 ${y}q4-4 8 0t8 0 8 0 8 0`;

/** A glyph drawn around (120, 86), in the accent colour. */
export function Glyph({ kind, color }: { kind: IllustrationKind; color: string }): ReactElement {
  switch (kind) {
    case 'kloudnx':
      return (
        <g fill={color}>
          <circle cx={112} cy={90} r={7} />
          <circle cx={121} cy={83} r={10} />
          <circle cx={131} cy={90} r={7} />
          <rect x={105} y={90} width={33} height={7} rx={3.5} />
        </g>
      );
    case 'klocknx':
      return (
        <g stroke={color} strokeWidth={3} strokeLinecap="round" fill="none">
          <circle cx={120} cy={86} r={14} />
          <path d="M120 86v-9M120 86l7 4" />
        </g>
      );
    case 'emergynx':
      return <path d="M123 69l-14 20h9l-4 14 15-21h-9l3-13z" fill={color} />;
    case 'grafnx':
      return (
        <g fill={color}>
          <rect x={105} y={89} width={6} height={11} rx={1.5} />
          <rect x={114} y={80} width={6} height={20} rx={1.5} />
          <rect x={123} y={73} width={6} height={27} rx={1.5} />
          <rect x={132} y={85} width={6} height={15} rx={1.5} />
        </g>
      );
    case 'klereo':
      return <path d="M120 70c-6 8-12 15-12 21a12 12 0 0 0 24 0c0-6-6-13-12-21z" fill={color} />;
    case 'poolcop':
      return (
        <g>
          <path d="M120 70l13 5v9c0 9-6 15-13 18-7-3-13-9-13-18v-9z" fill={color} />
          <path d="M113 88q3.5-3 7 0t7 0" stroke="#fff" strokeWidth={2} fill="none" />
        </g>
      );
    case 'poolOther':
      return (
        <g stroke={color} strokeWidth={3} strokeLinecap="round" fill="none">
          {[78, 87, 96].map((y) => (
            <path key={y} d={wave(y)} />
          ))}
        </g>
      );
  }
}
