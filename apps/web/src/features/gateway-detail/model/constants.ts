/** Business constants of spec document 1 §9 that the detail screen uses. */
export const DETAIL_LIMITS = {
  /** The gateway's local UI (flow-editor local access link). */
  localUiPort: 11196,
  /** Link dialog for kloudnx from this version on. */
  linkDialogKloudnx: { major: 8, minor: 1 },
  /** Custom proxy from this version on. */
  customProxy: { major: 8, minor: 4 },
  /** Pool gateways below this major open the legacy pool dialog. */
  poolLegacyBelowMajor: 7,
  /** Gateway restart wait after the password set-up. */
  restartWaitMs: 5_000,
  /** Loading period after a pool type change. */
  poolTypeChangeMs: 10_000,
  /** The advanced configuration's ID form closes this long after success. */
  closeAfterSuccessMs: 1_000,
  /** Typical dialog width. */
  dialogWidthPx: 575,
  /** The custom proxy dialog's width. */
  customProxyWidthPx: 750,
  /** VPN status (opening, disconnecting) and ETS port polling. */
  vpnPollMs: 1_000,
  /** After the remote connection dialog closes, the configuration page's 'redirecting' message… */
  redirectMessageMs: 6_000,
  /** …and the new attempt to open the page. */
  redirectRetryMs: 5_000,
} as const;
