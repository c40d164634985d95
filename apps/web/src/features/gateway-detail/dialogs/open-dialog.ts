/** The dialog the detail screen shows, if any. */
export type OpenDialog =
  | { kind: 'advanced' }
  | { kind: 'flowEditor' }
  | { kind: 'pool'; legacy: boolean }
  | { kind: 'link' }
  | { kind: 'emergency' }
  | { kind: 'transfer' }
  | { kind: 'thirdParty' }
  /** The password set-up wizard; `thenRemote` continues to the remote connection. */
  | { kind: 'wizard'; thenRemote: boolean }
  /** Remote connection, ETS and custom proxy arrive with the remote-access issue. */
  | { kind: 'comingSoon'; what: 'remote' | 'ets' | 'customProxy' };
