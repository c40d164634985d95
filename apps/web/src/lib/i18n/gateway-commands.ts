/**
 * The message key of each gateway command with a name of its own (the gateway's event history
 * and the team's activity log both name commands this way); any other shows its protocol name.
 */
export const COMMAND_LABELS: Readonly<Record<string, string>> = {
  reboot: 'gatewayEvents.command.reboot',
  update: 'gatewayEvents.command.update',
  'passwords.init': 'gatewayEvents.command.passwordsInit',
  'config.password': 'gatewayEvents.command.configPassword',
  'nodered.password': 'gatewayEvents.command.noderedPassword',
  'nodered.restart': 'gatewayEvents.command.noderedRestart',
  'nodered.update': 'gatewayEvents.command.noderedUpdate',
  'pool.type': 'gatewayEvents.command.poolType',
  'config.import': 'gatewayEvents.command.configImport',
  'modbus.config': 'gatewayEvents.command.modbusConfig',
  'vpn.open': 'gatewayEvents.command.vpnOpen',
  'vpn.close': 'gatewayEvents.command.vpnClose',
  'token.set': 'gatewayEvents.command.tokenSet',
  'token.revoke': 'gatewayEvents.command.tokenRevoke',
};
