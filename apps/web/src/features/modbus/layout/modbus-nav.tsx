import { NavLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MeterIcon from '@mui/icons-material/SpeedOutlined';
import RegisterIcon from '@mui/icons-material/TuneOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import WizardIcon from '@mui/icons-material/AutoFixHighOutlined';
import { useTranslation } from 'react-i18next';

interface Props {
  projectId: string;
  /** Called after a link is followed (closes the burger menu). */
  onNavigate?: () => void;
}

/** The Modbus area's left navigation (document 3 §2): meters, configurations, back to the project. */
export function ModbusNav({ projectId, onNavigate }: Props) {
  const { t } = useTranslation();
  const base = `/projects/${encodeURIComponent(projectId)}`;
  const links = [
    {
      to: `${base}/modbus-configuration-new/meters`,
      label: t('modbus.nav.meters'),
      icon: MeterIcon,
    },
    {
      to: `${base}/modbus-configuration-new/configurations`,
      label: t('modbus.nav.configurations'),
      icon: RegisterIcon,
    },
    {
      to: `/projects/modbus-configuration/${encodeURIComponent(projectId)}`,
      label: t('modbus.nav.wizard'),
      icon: WizardIcon,
    },
  ];
  return (
    <List
      component="nav"
      aria-label={t('modbus.nav.label')}
      subheader={
        <ListSubheader component="div" sx={{ bgcolor: 'transparent' }}>
          {t('modbus.nav.title')}
        </ListSubheader>
      }
      sx={{ '& .active': { bgcolor: 'action.selected', color: 'primary.main' } }}
    >
      {links.map(({ to, label, icon: Icon }) => (
        <ListItemButton
          key={to}
          component={NavLink}
          to={to}
          onClick={onNavigate}
          sx={{ borderRadius: 1, mx: 1 }}
        >
          <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={label} />
        </ListItemButton>
      ))}
      <ListItemButton
        component={NavLink}
        to={base}
        end
        onClick={onNavigate}
        sx={{ borderRadius: 1, mx: 1, mt: 1, color: 'text.secondary' }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
          <ArrowBackIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('modbus.nav.back')} />
      </ListItemButton>
    </List>
  );
}
