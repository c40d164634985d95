import { createHmac } from 'node:crypto';

/**
 * The device secret a demo (virtual) gateway's agent logs in to the tunnel endpoint with:
 * demo gateways have no secret in the database, and every node derives the same one from
 * the shared JWT secret, so a demo tunnel is accepted by whichever node it reaches.
 */
export const demoTunnelSecret = (jwtSecret: string, mac: string) =>
  createHmac('sha256', jwtSecret).update(`demo-tunnel:${mac}`).digest('base64url');
