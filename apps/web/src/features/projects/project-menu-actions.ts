/** Entries of the project menus (row menu of the list, Options of the gateway table). */
export const PROJECT_MENU_ACTIONS = [
  'manageGateways',
  'rename',
  'delete',
  'addLicence',
  'notifications',
  'viewers',
  'copyId',
] as const;
export type ProjectMenuAction = (typeof PROJECT_MENU_ACTIONS)[number];

/** Project dialogs whose feature comes with a later issue: a "coming soon" dialog for now. */
export const COMING_SOON_DIALOGS = ['graphs', 'monitoring', 'notifications', 'viewers'] as const;
export type ComingSoonDialogKind = (typeof COMING_SOON_DIALOGS)[number];
