// Checks of a series' points as JSON text written by the database (decision 0043), plain JS
// so that SQLite's reader threads (sqlite-read-worker.mjs) run them without tsx, beside the
// read, and the event loop only takes the text (decision 0051).

/** What opens every point of a series' JSON text. */
const X_KEY = '{"x":';

/**
 * Whether the points' x (integers) rise strictly, read straight from the text.
 * @param {string} json
 * @returns {boolean}
 */
export function xsRise(json) {
  let last = -Infinity;
  for (let i = json.indexOf(X_KEY); i !== -1; i = json.indexOf(X_KEY, i + X_KEY.length)) {
    let j = i + X_KEY.length;
    const negative = json.charCodeAt(j) === 45; // '-'
    if (negative) j++;
    let x = 0;
    for (let c = json.charCodeAt(j); c >= 48 && c <= 57; c = json.charCodeAt(++j)) {
      x = x * 10 + (c - 48);
    }
    if (negative) x = -x;
    if (x <= last) return false;
    last = x;
  }
  return true;
}

/**
 * Whether the text may hold a value that is not finite as an engine writes it
 * (PostgreSQL: Infinity, NaN; SQLite: ±9.0e+999).
 * @param {string} json
 * @returns {boolean}
 */
export function mayHoldNonFinite(json) {
  return json.includes('Infinity') || json.includes('NaN') || json.includes('e+999');
}

/**
 * Whether the text is the reply's as it is: no value that is not finite, points in time order.
 * @param {string} json
 * @returns {boolean}
 */
export function pointsTextReady(json) {
  return !mayHoldNonFinite(json) && xsRise(json);
}
