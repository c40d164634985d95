import { useTranslation } from 'react-i18next';
import type { WizardStep } from './wizard-steps';

/** The label in the stepper, or the explanation above the fields, of a wizard step. */
export function WizardStepText({ step, part }: { step: WizardStep; part: 'label' | 'text' }) {
  const { t } = useTranslation();
  const label = part === 'label';
  switch (step) {
    case 'info':
      return label ? t('gatewayDetail.wizard.info') : t('gatewayDetail.wizard.infoText');
    case 'config':
      return label ? t('gatewayDetail.wizard.config') : t('gatewayDetail.wizard.configText');
    case 'nodered':
      return label ? t('gatewayDetail.wizard.nodered') : t('gatewayDetail.wizard.noderedText');
    case 'dashboard':
      return label ? t('gatewayDetail.wizard.dashboard') : t('gatewayDetail.wizard.dashboardText');
  }
}
