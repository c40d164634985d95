import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';

interface Props {
  id: string;
  label: string;
  accept?: string;
  file: File | null;
  onFile: (file: File | null) => void;
}

/** A "choose a file" button with the chosen file's name beside it. */
export function FilePicker({ id, label, accept, file, onFile }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {file ? file.name : t('csvImport.noFile')}
      </Typography>
    </Box>
  );
}
