import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import { useTranslation } from 'react-i18next';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { notify } from '../../../ui/snackbar';
import { SubmitButton } from '../../../ui/submit-button';
import { modbusApi, notifyUnsent, wizardQuery } from '../api/modbus-api';
import { GatewayPicker } from './gateway-picker';
import { useWizardCards } from './use-wizard-cards';
import { WizardCard } from './wizard-card';
import { cardsOf, newCard } from './wizard-form';

interface Props {
  gateways: readonly { mac: string; name: string }[];
  /** Step 1's New network: the first gateway chosen opens with a new card. */
  startWithNewCard: boolean;
  /** Without the right to change the project: the cards are shown, not edited. */
  readOnly: boolean;
  onBack: () => void;
}

/** Step 2 (document 3 §2, §4): a gateway's configurations as cards, saved together. */
export function ModbusStep({ gateways, startWithNewCard, readOnly, onBack }: Props) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [mac, setMac] = useState('');
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [newCardPending, setNewCardPending] = useState(startWithNewCard);
  const editor = useWizardCards();
  const list = useQuery({ ...wizardQuery(mac), enabled: mac !== '' });

  // The cards start from what the gateway holds, once per gateway chosen.
  if (mac && list.data && loadedFor !== mac) {
    setLoadedFor(mac);
    const cards = cardsOf(list.data, i18n.language);
    editor.load(newCardPending ? [...cards, newCard()] : cards, newCardPending);
    setNewCardPending(false);
  }

  const save = useMutation({
    mutationFn: () => {
      const { body } = editor.parsed;
      if (!body) throw new Error('invalid');
      return modbusApi.saveWizard(mac, body);
    },
    onSuccess: (reply) => {
      client.setQueryData(QUERY_KEYS.modbusWizard(mac), reply.list);
      editor.load(cardsOf(reply.list, i18n.language));
      notify.success('modbus.wizard.saved');
      notifyUnsent(reply);
      void client.invalidateQueries({ queryKey: QUERY_KEYS.modbus });
    },
    onError: () => notify.error(),
  });
  const submit = () => {
    // Document 3 §4: invalid data marks every field touched, and nothing else.
    if (editor.parsed.errors) return editor.touchAll();
    save.mutate();
  };
  const choose = async (next: string) => {
    if (next === mac) return;
    if (editor.dirty && !(await confirm({ title: t('deleteUnsavedChanges') }))) return;
    setMac(next);
    setLoadedFor(null);
    editor.load([]);
  };

  const ready = mac !== '' && loadedFor === mac;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <GatewayPicker gateways={gateways} value={mac} onChange={(m) => void choose(m)} />
        {editor.dirty && (
          <Typography variant="body2" color="warning.main">
            {t('modbus.wizard.unsaved')}
          </Typography>
        )}
      </Paper>
      {gateways.length === 0 && <Alert severity="info">{t('modbus.wizard.noGateway')}</Alert>}
      {gateways.length > 0 && !mac && (
        <Paper
          variant="outlined"
          sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed', color: 'text.secondary' }}
        >
          <RouterIcon sx={{ fontSize: 40, mb: 1 }} />
          <Typography>{t('modbus.wizard.pickGateway')}</Typography>
        </Paper>
      )}
      {mac && list.isPending && <Skeleton variant="rounded" height={220} />}
      {mac && list.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
      {ready && editor.cards.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
          <Typography color="text.secondary">{t('modbus.wizard.empty')}</Typography>
        </Paper>
      )}
      {ready &&
        editor.cards.map((card) => (
          <WizardCard key={card.key} card={card} mac={mac} editor={editor} readOnly={readOnly} />
        ))}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button color="inherit" onClick={onBack}>
          {t('modbus.wizard.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {ready && !readOnly && (
          <>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={editor.addCard}>
              {t('modbus.wizard.addConfiguration')}
            </Button>
            <SubmitButton size="medium" pending={save.isPending} onClick={submit}>
              {t('dialog.save')}
            </SubmitButton>
          </>
        )}
      </Box>
    </Box>
  );
}
