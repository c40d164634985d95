import Button from '@mui/material/Button';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { useTranslation } from 'react-i18next';
import type { Threshold } from '@atrium/contracts/alerts';
import { SectionCard } from './section-card';

interface Props {
  thresholds: readonly Threshold[];
  canEdit: boolean;
  onOpen: () => void;
}

/** The project's thresholds in the monitoring dialog: how many, how many on, and the way in. */
export function ThresholdsSection({ thresholds, canEdit, onOpen }: Props) {
  const { t } = useTranslation();
  const enabled = thresholds.filter((rule) => rule.enabled).length;
  const status =
    thresholds.length === 0
      ? t('monitoring.thresholds.none')
      : `${t('monitoring.thresholds.count', { count: thresholds.length })}, ${t(
          'monitoring.thresholds.enabledCount',
          { count: enabled },
        )}`;
  // Viewers may read the rules, not change them; with none, there is nothing to read.
  const action =
    canEdit || thresholds.length > 0 ? (
      <Button variant="outlined" onClick={onOpen}>
        {t(canEdit ? 'monitoring.thresholds.configure' : 'monitoring.thresholds.view')}
      </Button>
    ) : null;
  return (
    <SectionCard
      testId="thresholds-section"
      icon={<NotificationsActiveIcon />}
      title={t('monitoring.thresholds.title')}
      status={status}
      action={action}
    />
  );
}
