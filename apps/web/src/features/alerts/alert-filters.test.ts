import { describe, expect, it } from 'vitest';
import {
  alertsQueryParams,
  alertState,
  joinPages,
  nextBefore,
  NO_ALERT_FILTERS,
} from './alert-filters';

describe('alertsQueryParams', () => {
  it('sends only the filters set, the page size and the cursor', () => {
    expect(alertsQueryParams(NO_ALERT_FILTERS, 50)).toEqual({ limit: 50 });
    expect(
      alertsQueryParams({ mac: '001122334455', kind: 'stale', state: 'open' }, 20, 1234),
    ).toEqual({ limit: 20, mac: '001122334455', kind: 'stale', state: 'open', before: 1234 });
    expect(alertsQueryParams(NO_ALERT_FILTERS, 50, 0)).toEqual({ limit: 50, before: 0 });
  });
});

describe('nextBefore', () => {
  it('is the raisedAt of the last row of a full page', () => {
    expect(nextBefore([{ raisedAt: 30 }, { raisedAt: 20 }], 2)).toBe(20);
  });

  it('ends the paging on a short page', () => {
    expect(nextBefore([{ raisedAt: 30 }], 2)).toBeUndefined();
    expect(nextBefore([], 2)).toBeUndefined();
  });
});

describe('joinPages', () => {
  it('keeps the order and drops a row repeated across pages', () => {
    const pages = [
      { alerts: [{ _id: 'a' }, { _id: 'b' }] },
      { alerts: [{ _id: 'b' }, { _id: 'c' }] },
    ];
    expect(joinPages(pages).map((a) => a._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('alertState', () => {
  it('is open until cleared', () => {
    expect(alertState({ clearedAt: null })).toBe('open');
    expect(alertState({ clearedAt: 5 })).toBe('cleared');
  });
});
