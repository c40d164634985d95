import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The row's name, for the buttons' accessible names. */
  name: string;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** Edit, duplicate and delete icons of a meter or configuration row (document 3 §2). */
export function RowActions({ name, onEdit, onDuplicate, onDelete }: Props) {
  const { t } = useTranslation();
  const buttons = [
    { label: t('modbus.actions.edit'), icon: <EditIcon fontSize="small" />, run: onEdit },
    {
      label: t('modbus.actions.duplicate'),
      icon: <CopyIcon fontSize="small" />,
      run: onDuplicate,
    },
    {
      label: t('modbus.actions.delete'),
      icon: <DeleteIcon fontSize="small" />,
      run: onDelete,
      danger: true,
    },
  ];
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      {buttons.map((b) => (
        <Tooltip key={b.label} title={b.label}>
          <IconButton
            size="small"
            aria-label={`${b.label} ${name}`}
            onClick={b.run}
            sx={b.danger ? { '&:hover': { color: 'error.main' } } : undefined}
          >
            {b.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}
