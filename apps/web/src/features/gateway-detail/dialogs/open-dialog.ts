/**
 * What follows the remote connection dialog once it closes: 'configPage' retries opening the
 * gateway's configuration page (spec §2, advanced configuration).
 */
export type AfterRemote = 'configPage' | null;

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
  | { kind: 'wizard'; thenRemote: boolean; after: AfterRemote }
  /** The remote connection; `autoStart` opens a session at once (after the wizard). */
  | { kind: 'remote'; autoStart: boolean; after: AfterRemote }
  | { kind: 'ets' }
  | { kind: 'customProxy' }
  | { kind: 'vpnLog' };
