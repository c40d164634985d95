import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGGER, DEFAULT_NOTIFICATION, onlineIndicator, projectFeatures } from './project';

describe('onlineIndicator', () => {
  it('is 2 when all gateways are online, 1 when some, 0 when none or no gateway', () => {
    expect(onlineIndicator([{ online: true }, { online: true }])).toBe(2);
    expect(onlineIndicator([{ online: true }, { online: false }])).toBe(1);
    expect(onlineIndicator([{ online: false }])).toBe(0);
    expect(onlineIndicator([])).toBe(0);
  });
});

describe('projectFeatures', () => {
  const base = {
    logger: DEFAULT_LOGGER,
    notification: DEFAULT_NOTIFICATION,
    licences: { bossnx: 0, chartnx: 0 },
    addons: [],
  };
  it('is empty for a new project', () => {
    expect(projectFeatures(base)).toEqual([]);
  });
  it('lists licences, addons, subscription and notifications', () => {
    expect(
      projectFeatures({
        logger: { ...DEFAULT_LOGGER, subscription: 'trial', vpn_licence: 10 },
        notification: {
          ...DEFAULT_NOTIFICATION,
          pushover: { ...DEFAULT_NOTIFICATION.pushover, enabled: true },
        },
        licences: { bossnx: 1, chartnx: 2 },
        addons: ['klocknx', 'emergynx'],
      }),
    ).toEqual(['monitoring', 'notification', 'bossnx', 'chartnx', 'vpn', 'emergynx', 'klocknx']);
  });
});
