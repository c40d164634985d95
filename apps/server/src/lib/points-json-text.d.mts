/** Whether the points' x (integers) rise strictly, read straight from the text. */
export function xsRise(json: string): boolean;
/** Whether the text may hold a value that is not finite as an engine writes it. */
export function mayHoldNonFinite(json: string): boolean;
/** Whether the text is the reply's as it is: no value that is not finite, points in time order. */
export function pointsTextReady(json: string): boolean;
