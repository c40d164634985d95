import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import CloudIcon from '@mui/icons-material/CloudOutlined';
import DnsIcon from '@mui/icons-material/DnsOutlined';
import EmergencyIcon from '@mui/icons-material/EmergencyOutlined';
import LanIcon from '@mui/icons-material/LanOutlined';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import PoolIcon from '@mui/icons-material/PoolOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAltOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import type { DetailButton } from '../model/buttons';

/** Icon and translated label of each button of the panel (also the title of its dialog). */
export function buttonLook(id: DetailButton, t: TFunction): { icon: ReactElement; label: string } {
  switch (id) {
    case 'remote':
      return { icon: <CloudIcon />, label: t('gatewayDetail.actions.remote') };
    case 'ets':
      return { icon: <LanIcon />, label: t('gatewayDetail.actions.ets') };
    case 'advanced':
      return { icon: <TuneIcon />, label: t('gatewayDetail.actions.advanced') };
    case 'flowEditor':
      return { icon: <AccountTreeIcon />, label: t('gatewayDetail.actions.flowEditor') };
    case 'pool':
      return { icon: <PoolIcon />, label: t('gatewayDetail.actions.pool') };
    case 'link':
      return { icon: <LinkIcon />, label: t('gatewayDetail.actions.link') };
    case 'transfer':
      return { icon: <SyncAltIcon />, label: t('gatewayDetail.actions.transfer') };
    case 'emergency':
      return { icon: <EmergencyIcon />, label: t('gatewayDetail.actions.emergency') };
    case 'customProxy':
      return { icon: <DnsIcon />, label: t('gatewayDetail.actions.customProxy') };
  }
}
