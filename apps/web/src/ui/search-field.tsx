import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box of the tables, with a clear button. */
export function SearchField({ label, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{
        flex: '1 1 220px',
        minWidth: 180,
        '& input::-webkit-search-cancel-button': { display: 'none' },
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('filters.clearSearch')}
                onClick={() => onChange('')}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
