/** Entries of the project menus (row menu of the list, Options of the gateway table). */
export const PROJECT_MENU_ACTIONS = [
  'manageGateways',
  'rename',
  'delete',
  'addLicence',
  'notifications',
  'alerts',
  'viewers',
  'copyId',
] as const;
export type ProjectMenuAction = (typeof PROJECT_MENU_ACTIONS)[number];

/** Dialogs about one project, titled `projects.dialogs.{kind}`. */
export const PROJECT_DIALOG_KINDS = [
  'graphs',
  'monitoring',
  'notifications',
  'alerts',
  'viewers',
] as const;
export type ProjectDialogKind = (typeof PROJECT_DIALOG_KINDS)[number];
