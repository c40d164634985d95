import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RANKS } from '@atrium/contracts/user';
import type { AccountRank, AccountRow } from './accounts-rules';

interface Props {
  rows: AccountRow[];
  ownEmail: string;
  onChange: (rows: AccountRow[]) => void;
}

/** List view: change a rank or remove a row; nothing is sent before Save. */
export function AccountList({ rows, ownEmail, onChange }: Props) {
  const { t } = useTranslation();
  const setRank = (email: string, rank: AccountRank) =>
    onChange(rows.map((r) => (r.email === email ? { ...r, rank } : r)));
  return (
    <List dense sx={{ maxHeight: '60vh', overflow: 'auto' }}>
      {rows.map((row) => {
        const own = row.email.toLowerCase() === ownEmail.toLowerCase();
        return (
          <ListItem key={row.email} divider sx={{ gap: 1.5, pr: 1, flexWrap: 'wrap' }}>
            <ListItemText
              primary={row.email}
              secondary={own ? t('accounts.you') : undefined}
              sx={{ flex: '1 1 200px', minWidth: 0 }}
              slotProps={{ primary: { sx: { overflowWrap: 'break-word' } } }}
            />
            <TextField
              select
              size="small"
              fullWidth={false}
              value={row.rank}
              onChange={(e) => setRank(row.email, e.target.value as AccountRank)}
              disabled={own}
              slotProps={{
                htmlInput: { 'aria-label': t('accounts.rankOf', { email: row.email }) },
              }}
              sx={{ width: 150, flexShrink: 0 }}
            >
              {ACCOUNT_RANKS.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`rank.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title={own ? t('accounts.cannotDeleteSelf') : t('accounts.remove')}>
              <span>
                <IconButton
                  aria-label={t('accounts.removeOf', { email: row.email })}
                  disabled={own}
                  onClick={() => onChange(rows.filter((r) => r.email !== row.email))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </ListItem>
        );
      })}
    </List>
  );
}
