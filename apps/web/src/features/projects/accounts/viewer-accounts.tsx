import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { accountsReply } from '@atrium/contracts/user';
import { api } from '../../../lib/api/client';
import { escapeHtml } from '../../../lib/html';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { notify } from '../../../ui/snackbar';

const VIEWERS_KEY = ['accounts', 'viewers'] as const;

/**
 * The team's viewer accounts (`GET /api/user/viewers`), under the accounts list: a viewer reads
 * only the projects it was added to (decision 0024), through each project's viewers dialog,
 * where new ones are created (decision 0027). Deleting one (`/api/user/viewers/delete`) ends
 * its access to every project.
 */
export function ViewerAccounts() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const query = useQuery({
    queryKey: VIEWERS_KEY,
    queryFn: ({ signal }) => api.get('/api/user/viewers', { schema: accountsReply, signal }),
  });
  const remove = useMutation({
    mutationFn: (email: string) => api.post('/api/user/viewers/delete', { emails: [email] }),
    onSuccess: async () => {
      notify.success('accounts.viewerDeleted');
      await query.refetch();
    },
    onError: (error) => notify.apiError(error),
  });
  const viewers = query.data?.accounts ?? [];
  if (!query.isSuccess) return null;

  return (
    <Box component="section" aria-labelledby="viewer-accounts-title" sx={{ mt: 3 }}>
      <Typography
        id="viewer-accounts-title"
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700 }}
      >
        {t('accounts.viewersTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('accounts.viewersHint')}
      </Typography>
      {viewers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('accounts.viewersEmpty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {viewers.map((v) => (
            <ListItem
              key={v.email}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('accounts.viewerDelete', { email: v.email })}
                  title={t('accounts.viewerDelete', { email: v.email })}
                  disabled={remove.isPending}
                  onClick={() =>
                    void confirm({
                      title: t('accounts.viewerDelete', { email: v.email }),
                      message: t('accounts.viewerDeleteConfirm', { email: escapeHtml(v.email) }),
                    }).then((ok) => ok && remove.mutate(v.email))
                  }
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={v.email} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
