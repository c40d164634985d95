import type { Migration } from 'kysely';
import * as m0001 from './0001-users';
import * as m0002 from './0002-projects';
import * as m0003 from './0003-timeseries';
import * as m0004 from './0004-hub';
import * as m0005 from './0005-monitoring';
import * as m0006 from './0006-paris-day-rollups';
import * as m0007 from './0007-abuse-limits';
import * as m0008 from './0008-remote-access';
import * as m0009 from './0009-alerts';
import * as m0010 from './0010-modbus';
import * as m0011 from './0011-gateway-events';
import * as m0012 from './0012-team-activity';
import * as m0013 from './0013-subscriptions';
import * as m0014 from './0014-pool';
import * as m0015 from './0015-dashboards';
import * as m0016 from './0016-rollup-fillfactor';
import * as m0017 from './0017-block-generations';

/** Every migration, by its number; new ones are appended here. */
export const migrations: Record<string, Migration> = {
  '0001-users': m0001,
  '0002-projects': m0002,
  '0003-timeseries': m0003,
  '0004-hub': m0004,
  '0005-monitoring': m0005,
  '0006-paris-day-rollups': m0006,
  '0007-abuse-limits': m0007,
  '0008-remote-access': m0008,
  '0009-alerts': m0009,
  '0010-modbus': m0010,
  '0011-gateway-events': m0011,
  '0012-team-activity': m0012,
  '0013-subscriptions': m0013,
  '0014-pool': m0014,
  '0015-dashboards': m0015,
  '0016-rollup-fillfactor': m0016,
  '0017-block-generations': m0017,
};
