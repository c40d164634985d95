import type { GatewayItem } from '@atrium/contracts/gateway';
import { DETAIL_LIMITS } from './constants';
import type { DetailAccess } from './access';
import { versionAtLeast } from '@atrium/contracts/version';

/** The buttons panel of the detail screen, in the order of spec §2. */
const DETAIL_BUTTONS = [
  'remote',
  'ets',
  'advanced',
  'flowEditor',
  'pool',
  'link',
  'transfer',
  'emergency',
  'customProxy',
] as const;
export type DetailButton = (typeof DETAIL_BUTTONS)[number];

export type ButtonGateway = Pick<
  GatewayItem,
  'type' | 'version' | 'virtual' | 'addons' | 'protect'
>;

/** Why a shown button is disabled, or null when it is enabled. */
type DisabledReason = 'protected' | 'offline' | null;

export interface ButtonState {
  id: DetailButton;
  disabled: DisabledReason;
}

type Rule = (gw: ButtonGateway, access: DetailAccess) => boolean;

const VISIBLE: Record<DetailButton, Rule> = {
  remote: (gw, a) => !a.readOnly && gw.virtual !== 1,
  ets: (gw, a) =>
    !a.readOnly &&
    (gw.type === 'kloudnx' ||
      gw.type === 'emergynx' ||
      (gw.type === 'klocknx' && gw.virtual !== 1)),
  advanced: (gw, a) => !a.readOnly && gw.virtual !== 1,
  flowEditor: (gw) => gw.type === 'kloudnx' || gw.type === 'emergynx',
  pool: (gw) => gw.type === 'poolnx',
  link: (gw) =>
    gw.type === 'klocknx' ||
    (gw.type === 'kloudnx' && versionAtLeast(gw.version, DETAIL_LIMITS.linkDialogKloudnx)),
  // Transfer writes onto another gateway: an editor's action.
  transfer: (gw, a) => !a.readOnly && gw.virtual === 1 && gw.type === 'klocknx',
  emergency: (gw) => gw.type === 'emergynx' || gw.addons.includes('emergynx'),
  customProxy: (gw, a) =>
    !a.readOnly &&
    a.isAdminOrPartner &&
    gw.virtual !== 1 &&
    versionAtLeast(gw.version, DETAIL_LIMITS.customProxy),
};

/** Disabled while offline, unless the user is an administrator. */
const NEEDS_ONLINE: readonly DetailButton[] = ['remote', 'ets', 'advanced', 'flowEditor'];

/**
 * The visible buttons and why each is disabled (spec §2 and §6): every button
 * is disabled on a protected gateway; remote, ETS, advanced and flow-editor
 * also while offline, except for administrators.
 */
export function detailButtons(
  gw: ButtonGateway,
  online: boolean,
  access: DetailAccess,
): ButtonState[] {
  return DETAIL_BUTTONS.filter((id) => VISIBLE[id](gw, access)).map((id) => ({
    id,
    disabled: gw.protect
      ? 'protected'
      : !online && !access.isAdmin && NEEDS_ONLINE.includes(id)
        ? 'offline'
        : null,
  }));
}
