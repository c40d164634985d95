import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import { ModbusNav } from './modbus-nav';
import { useModbusLayout } from './use-modbus-layout';

interface Props {
  projectId: string;
  title: string;
  subtitle?: string;
  /** The New button. */
  actions: ReactNode;
  /** The filters above the list. */
  filters: ReactNode;
  children: ReactNode;
  /** The create / edit / duplicate form, or null when closed. */
  panel: ReactNode;
  onClosePanel: () => void;
}

const PANEL_WIDTH = 380;

/**
 * The meters and configurations screens (document 3 §2, §9): left navigation (a burger menu
 * under 650 px), the list, and the form in a right side panel (a sidebar under 1000 px).
 */
export function ModbusLayout(props: Props) {
  const { t } = useTranslation();
  const { mobile, sidebar } = useModbusLayout();
  const [menuOpen, setMenuOpen] = useState(false);
  const burger = mobile && (
    <IconButton
      aria-label={t('modbus.nav.open')}
      onClick={() => setMenuOpen(true)}
      sx={{ bgcolor: 'background.paper', boxShadow: 1 }}
    >
      <MenuIcon />
    </IconButton>
  );
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
      {mobile ? (
        <Drawer open={menuOpen} onClose={() => setMenuOpen(false)}>
          <Box sx={{ width: 260, pt: 1 }}>
            <ModbusNav projectId={props.projectId} onNavigate={() => setMenuOpen(false)} />
          </Box>
        </Drawer>
      ) : (
        <Paper variant="outlined" sx={{ width: 200, flexShrink: 0, position: 'sticky', top: 16 }}>
          <ModbusNav projectId={props.projectId} />
        </Paper>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          {burger}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <PageHeader title={props.title} subtitle={props.subtitle} actions={props.actions} />
          </Box>
        </Box>
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            flexWrap: 'wrap',
            mb: 2,
            '& > .MuiTextField-root': { maxWidth: { sm: 360 } },
          }}
        >
          {props.filters}
        </Box>
        {props.children}
      </Box>
      {sidebar ? (
        <Drawer
          anchor="right"
          open={props.panel !== null}
          onClose={props.onClosePanel}
          slotProps={{ paper: { sx: { width: PANEL_WIDTH, maxWidth: '100vw' } } }}
        >
          {props.panel}
        </Drawer>
      ) : (
        props.panel && (
          <Paper
            component="aside"
            variant="outlined"
            sx={{ width: PANEL_WIDTH, flexShrink: 0, position: 'sticky', top: 16 }}
          >
            {props.panel}
          </Paper>
        )
      )}
    </Box>
  );
}
