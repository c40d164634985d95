import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { customProxyUrl } from '@atrium/contracts/vpn';
import { hasTranslation } from '../../../lib/i18n/i18n';
import { notify } from '../../../ui/snackbar';
import { SubmitButton } from '../../../ui/submit-button';
import { customProxyQuery, vpnCalls } from '../api/vpn-queries';
import { DETAIL_LIMITS } from '../model/constants';
import { CustomProxyState } from './custom-proxy-state';
import { DetailDialog } from './detail-dialog';

interface Props {
  mac: string;
  onClose: () => void;
  /** The proxy needs a remote connection: offered when none is active. */
  onNeedsRemote: () => void;
}

/** The message key of an invalid URL (spec §5: required, invalidUrlFormat), null when valid. */
export function customProxyUrlError(url: string): string | null {
  const issue = customProxyUrl.safeParse(url).error?.issues[0];
  if (!issue) return null;
  return hasTranslation(issue.message) ? issue.message : 'invalidUrlFormat';
}

/**
 * Custom proxy (spec §2, §4, §8), 750 px wide: the saved URL and its public subdomain link,
 * or why there is none; a URL field checked as it is typed.
 */
export function CustomProxyDialog({ mac, onClose, onNeedsRemote }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const proxyQuery = customProxyQuery(mac);
  const current = useQuery(proxyQuery);
  // null until the user types: the field then shows the saved URL.
  const [typed, setTyped] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const url = typed ?? current.data?.url ?? '';
  const error = customProxyUrlError(url);

  const saving = useMutation({
    mutationFn: (value: string) => vpnCalls.saveCustomProxy(mac, value),
    onSuccess: (reply) => {
      queryClient.setQueryData(proxyQuery.queryKey, reply);
      setTyped(null);
      notify.success(reply.subdomain ? 'customProxyConfigured' : 'customProxyUrlSaved', {
        duration: 3000,
      });
    },
    // noActiveVPN reads noActiveVPNConnection (the catalogue's key); others their own message.
    onError: (failure) => notify.apiError(failure),
  });
  const busy = current.isPending || saving.isPending;

  return (
    <DetailDialog
      title={t('gatewayDetail.actions.customProxy')}
      onClose={onClose}
      busy={saving.isPending}
      width={DETAIL_LIMITS.customProxyWidthPx}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!busy && error === null) saving.mutate(url.trim());
      }}
      actions={
        <>
          <Button color="inherit" onClick={onClose} disabled={saving.isPending}>
            {t('dialog.close')}
          </Button>
          <SubmitButton size="medium" pending={saving.isPending} disabled={busy || error !== null}>
            {t('dialog.save')}
          </SubmitButton>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
        <CustomProxyState query={current} onNeedsRemote={onNeedsRemote} />
        <TextField
          label={t('gatewayDetail.customProxy.url')}
          placeholder="http://192.168.1.20:8080"
          value={url}
          required
          disabled={current.isPending}
          onChange={(e) => {
            setTyped(e.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={touched && error !== null}
          helperText={touched && error !== null ? t(error) : t('gatewayDetail.customProxy.urlHint')}
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
        />
      </Box>
    </DetailDialog>
  );
}
