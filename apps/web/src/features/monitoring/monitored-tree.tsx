import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import {
  blockReason,
  groupState,
  type BlockReason,
  type GatewayEts,
  type GatewayEtsAddress,
} from './address-selection';

type Main = GatewayEts['ets']['file'][number];
type Middle = Main['middles'][number];

const BLOCK_KEYS: Record<BlockReason, { labelKey: string }> = {
  addressHasNoDpt: { labelKey: 'addressHasNoDpt' },
  invalidDPT: { labelKey: 'monitoring.addresses.unsupportedDpt' },
  addressAlreadyUsed: { labelKey: 'monitoring.addresses.usedBy' },
  maxAddress: { labelKey: 'maxAddress' },
};

interface TreeProps {
  tree: Main[];
  selected: ReadonlySet<string>;
  remaining: number;
  /** Name of the gateway with this MAC (for "recorded by …"). */
  gatewayName: (mac: string) => string;
  /** Search active: every group is open. */
  expandAll: boolean;
  onToggle: (address: string) => void;
  onToggleGroup: (addresses: GatewayEtsAddress[]) => void;
}

function AddressRow(props: TreeProps & { a: GatewayEtsAddress }) {
  const { t } = useTranslation();
  const { a, selected, remaining } = props;
  const reason = blockReason(a, selected, remaining);
  const why =
    reason && t(BLOCK_KEYS[reason].labelKey, { gateway: props.gatewayName(a.usedBy ?? '') });
  return (
    <ListItemButton
      dense
      disabled={reason !== null}
      onClick={() => props.onToggle(a.address)}
      sx={{ pl: { xs: 4, sm: 7 } }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <Checkbox
          edge="start"
          size="small"
          checked={selected.has(a.address)}
          disabled={reason !== null}
          tabIndex={-1}
          disableRipple
          slotProps={{ input: { 'aria-label': `${a.address} ${a.name}` } }}
        />
      </ListItemIcon>
      <ListItemText
        primary={
          <>
            <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
              {a.address}
            </Box>
            {a.name}
          </>
        }
        secondary={why || undefined}
      />
      {a.dpt && <Chip size="small" variant="outlined" label={a.dpt} sx={{ ml: 1, height: 22 }} />}
    </ListItemButton>
  );
}

function GroupRow(props: TreeProps & { label: string; addresses: GatewayEtsAddress[] }) {
  const { addresses, selected } = props;
  const state = groupState(addresses, selected);
  return (
    <Checkbox
      edge="start"
      size="small"
      checked={state.checked}
      indeterminate={state.indeterminate}
      disabled={addresses.length === 0}
      onClick={(e) => {
        e.stopPropagation();
        props.onToggleGroup(addresses);
      }}
      slotProps={{ input: { 'aria-label': props.label } }}
    />
  );
}

function MiddleGroup(props: TreeProps & { main: Main; middle: Middle }) {
  const { main, middle } = props;
  const label = `${main.main}/${middle.middle} ${middle.name}`;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: { xs: 2, sm: 4 }, pr: 2, py: 0.25 }}>
        <GroupRow {...props} label={label} addresses={middle.addresses} />
        <Typography variant="body2" sx={{ fontWeight: 600, ml: 1 }}>
          {label}
        </Typography>
      </Box>
      {middle.addresses.map((a) => (
        <AddressRow key={a.address} {...props} a={a} />
      ))}
    </>
  );
}

function MainGroup(props: TreeProps & { main: Main }) {
  const { t } = useTranslation();
  const { main } = props;
  const [open, setOpen] = useState(true);
  const addresses = main.middles.flatMap((m) => m.addresses);
  const label = `${main.main} ${main.name}`;
  const shown = open || props.expandAll;
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 2,
          py: 0.5,
          bgcolor: 'action.hover',
          position: 'sticky',
          top: 0,
          zIndex: 1,
        }}
      >
        <GroupRow {...props} label={label} addresses={addresses} />
        <Typography sx={{ fontWeight: 700, ml: 1, flex: 1 }}>{label}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 1 }}>
          {t('monitoring.addresses.groupCount', { count: addresses.length })}
        </Typography>
        <IconButton
          size="small"
          aria-label={t(shown ? 'monitoring.addresses.collapse' : 'monitoring.addresses.expand')}
          aria-expanded={shown}
          onClick={() => setOpen(!open)}
          disabled={props.expandAll}
        >
          {shown ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </IconButton>
      </Box>
      <Collapse in={shown} unmountOnExit>
        {main.middles
          .filter((m) => m.addresses.length > 0)
          .map((m) => (
            <MiddleGroup key={m.middle} {...props} main={main} middle={m} />
          ))}
      </Collapse>
    </>
  );
}

/** Main groups → middle groups → addresses, each group with a tri-state check box. */
export function MonitoredTree(props: TreeProps) {
  return (
    <List disablePadding sx={{ maxHeight: { xs: 'none', sm: '52vh' }, overflow: 'auto' }}>
      {props.tree
        .filter((m) => m.middles.some((mid) => mid.addresses.length > 0))
        .map((main) => (
          <MainGroup key={main.main} {...props} main={main} />
        ))}
    </List>
  );
}
