import { gatewayUsername, ID_CRITERIA } from '@atrium/contracts/hub';

/** The live criteria of the ID forms, in the order of spec §5, as message keys. */
export const ID_CRITERIA_KEYS = [
  'atLeast8',
  'noSpecialCharactersPwd',
  'upperCase',
  'digitsCriteriaMsg',
  'noSpecialCharacters',
] as const;
export type IdCriterion = (typeof ID_CRITERIA_KEYS)[number];

/** Each criterion met or not: four for the password, the last for the username. */
export function idCriteria(username: string, password: string): Record<IdCriterion, boolean> {
  return {
    atLeast8: ID_CRITERIA.atLeast8(password),
    noSpecialCharactersPwd: ID_CRITERIA.noSpecialCharactersPwd(password),
    upperCase: ID_CRITERIA.upperCase(password),
    digitsCriteriaMsg: ID_CRITERIA.digitsCriteriaMsg(password),
    noSpecialCharacters: gatewayUsername.safeParse(username).success,
  };
}
