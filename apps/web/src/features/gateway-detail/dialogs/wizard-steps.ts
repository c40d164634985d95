import type { GatewayType } from '@atrium/contracts/limits';

/** Password set-up wizard (spec §4): information, config, and for kloudnx flow editor and dashboard. */
export type WizardStep = 'info' | 'config' | 'nodered' | 'dashboard';

export function wizardSteps(type: GatewayType): WizardStep[] {
  return type === 'kloudnx' ? ['info', 'config', 'nodered', 'dashboard'] : ['info', 'config'];
}
