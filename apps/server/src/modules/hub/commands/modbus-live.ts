import {
  modbusReadResult,
  type ModbusReadArgs,
  type ModbusReadResult,
} from '@atrium/contracts/modbus';
import { AppError } from '../../../lib/errors';
import type { GatewayView } from '../../gateways/gateways.repository';
import type { Hub } from '../hub.service';

/**
 * The Modbus live test (document 3 §4): one real read of one value by a kloudnx gateway, the
 * `modbus.read` command. A meter that does not answer is the command's result (`error`), not a
 * failure; an offline gateway, a silent one or another type of gateway is.
 */
export class ModbusLive {
  constructor(
    private readonly d: {
      hub: Pick<Hub, 'command'>;
      find: (ref: string) => Promise<GatewayView>;
    },
  ) {}

  async read(ref: string, args: ModbusReadArgs): Promise<ModbusReadResult> {
    const gw = await this.d.find(ref);
    if (gw.type !== 'kloudnx')
      throw new AppError('gatewayRefused', 'Only kloudnx gateways read Modbus meters', {
        reason: 'unsupported',
      });
    const reply = modbusReadResult.safeParse(await this.d.hub.command(gw, 'modbus.read', args));
    if (!reply.success)
      throw new AppError('gatewayRefused', 'Unreadable Modbus reply', { reason: 'badReply' });
    return reply.data;
  }
}
