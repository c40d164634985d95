import type { Rank } from '@atrium/contracts/limits';

/** Booleans are stored as 0/1 integers so SQLite and PostgreSQL share one code path. */
type Flag = number;

export interface TeamTable {
  id: string;
  name: string;
  created_at: number;
}

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  rank: Rank;
  team_id: string;
  email_verified: Flag;
  failed_attempts: number;
  last_failed_at: number | null;
  locked: Flag;
  token_version: number;
  created_at: number;
}

export type UserTokenKind = 'verifyEmail' | 'reset' | 'unlock';

export interface UserTokenTable {
  hash: string;
  user_id: string;
  kind: UserTokenKind;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface OtpTable {
  user_id: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  sent_at: number;
}

export interface KnownDeviceTable {
  user_id: string;
  device_hash: string;
  created_at: number;
}

export interface Database {
  teams: TeamTable;
  users: UserTable;
  user_tokens: UserTokenTable;
  otp_codes: OtpTable;
  known_devices: KnownDeviceTable;
}
