import type { GroupAddressForm } from './group-address';

/** A group address read from an ETS export, in the spec's shape (document 2 §3). */
export interface EtsAddress {
  /** 3-level form `main/middle/sub`, whatever form the file used. */
  address: string;
  /** Name given in ETS; empty when the file has none. */
  name: string;
  /** Dotted DPT, `9.001`, or `9` when only the main type is set; absent when unset or unreadable. */
  dpt?: string;
  /** Description given in ETS; absent when the file has none (kept for a faithful export). */
  description?: string;
}

/** A middle group (3-level form) and the addresses in it. */
export interface MiddleGroup {
  /** Middle group number 0–7. */
  middle: number;
  /** Name of the ETS group range; empty when the file names none. */
  name: string;
  /** Description of the ETS group range, when the file gives one. */
  description?: string;
  /** Addresses, sorted by address. */
  addresses: EtsAddress[];
}

/** A main group with its middle groups. */
export interface MainGroup {
  /** Main group number 0–31. */
  main: number;
  /** Name of the ETS group range; empty when the file names none. */
  name: string;
  /** Description of the ETS group range, when the file gives one. */
  description?: string;
  /** Middle groups, sorted by number; ranges without addresses are kept (ETS shows them). */
  middles: MiddleGroup[];
}

/** Why an entry of the file was left out. */
export type SkipReason = 'missingAddress' | 'malformedAddress' | 'duplicateAddress';

/** An entry of the file that is not in `addresses`, reported to the user (the server's 206 reply). */
export interface SkippedAddress {
  /** The address text as found, when there was one. */
  address?: string;
  /** The name as found, when there was one. */
  name?: string;
  reason: SkipReason;
}

/** What an ETS import yields: the tree for display, the flat list, and what was left out. */
export interface EtsImport {
  tree: MainGroup[];
  addresses: EtsAddress[];
  skipped: SkippedAddress[];
  /**
   * How the file writes its addresses (3-level, 2-level or free), when it tells: a
   * `.knxproj` names its style, a CSV or XML export shows it in its address forms.
   * Addresses above are always 3-level; this keeps the project's own style for display
   * and export.
   */
  style?: GroupAddressForm;
}

/** A group range as read from a file, before it is placed in the tree. */
export interface RawRange {
  /** Nesting depth: 1 for a top-level range. */
  depth: number;
  name: string;
  description?: string;
  /** First raw address of the range (`RangeStart`), when given. */
  start?: number;
  /** Last raw address of the range (`RangeEnd`), when given. */
  end?: number;
  /** Raw value of the first valid address inside, to place a range given without bounds. */
  firstAddress?: number;
}

/** A group address as read from a file, before it is checked. */
export interface RawAddress {
  address?: string;
  name?: string;
  dpt?: string;
  description?: string;
}
