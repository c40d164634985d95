import type { Socket } from 'node:net';
import {
  CEMI,
  encodeFrame,
  encodeLData,
  FrameReader,
  HEADER_SIZE,
  HOST_PROTOCOL_TCP,
  parseLData,
  SERVICE,
  STATUS,
  TCP_HPAI,
  type LData,
} from './knxnetip-frames';

/**
 * One TCP connection to the KNXnet/IP tunnelling server, carrying at most one tunnel.
 *
 * Over TCP (Core v2) the stream is reliable and ordered, so, unlike over UDP, no
 * TUNNELLING_ACK is sent and sequence counters are not checked (clients such as knx-go
 * always send 0). Some clients (knxultimate) still acknowledge our requests over TCP: a
 * well-formed ACK is accepted and ignored. Anything that is not well-formed KNXnet/IP
 * closes this socket only.
 */

/** A tunnel: its channel id and the individual address its client sends from. */
export interface Tunnel {
  channel: number;
  address: number;
}

/** What a session asks of its server. */
export interface SessionHost {
  /** A tunnel for `session` (at `requested` if given), or the status refusing it. */
  openTunnel(session: TunnelSession, requested: number | undefined): Tunnel | number;
  /** Frees the session's tunnel, if it has one. */
  closeTunnel(session: TunnelSession): void;
  /** An L_Data.req the client put on the bus, already confirmed to it, source filled in. */
  busFrame(session: TunnelSession, frame: LData): void;
  /** The socket is closed. */
  sessionClosed(session: TunnelSession): void;
}

/** Timings and bounds of one connection. */
export interface SessionLimits {
  /** How long a connection may stay without a tunnel, in ms. */
  idleMs: number;
  /** How long a tunnel may stay silent, in ms (120 s in the spec: its heartbeat is 60 s). */
  aliveMs: number;
  /** Unsent bytes a slow client may hold before it is dropped. */
  maxQueuedBytes: number;
}

/** The server side of one TCP connection. */
export class TunnelSession {
  tunnel: Tunnel | undefined;
  private sendSeq = 0;
  private readonly reader = new FrameReader();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: Socket,
    private readonly host: SessionHost,
    private readonly limits: SessionLimits,
  ) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => socket.destroy()); // 'close' follows
    socket.on('close', () => {
      clearTimeout(this.timer);
      host.sessionClosed(this);
    });
    this.watch();
  }

  /** Sends a cEMI frame in a TUNNELLING_REQUEST; false if there is no tunnel or it was dropped. */
  sendCemi(cemi: Buffer): boolean {
    if (!this.tunnel) return false;
    const header = [4, this.tunnel.channel, this.sendSeq, 0];
    this.sendSeq = (this.sendSeq + 1) & 0xff;
    return this.write(encodeFrame(SERVICE.tunnellingRequest, header, cemi));
  }

  /** Writes a frame; false if the socket is gone or was dropped for not reading. */
  private write(frame: Buffer): boolean {
    if (this.socket.destroyed || this.socket.writableEnded) return false;
    // A client that sends but does not read would otherwise make us buffer without end.
    if (this.socket.writableLength > this.limits.maxQueuedBytes) {
      this.socket.destroy();
      return false;
    }
    this.socket.write(frame);
    return true;
  }

  /** Ends the tunnel as a server does (DISCONNECT_REQUEST), then the connection. */
  shutdown() {
    if (this.tunnel) {
      this.write(encodeFrame(SERVICE.disconnectRequest, [this.tunnel.channel, 0], TCP_HPAI));
    }
    this.socket.end();
    // A peer that never closes its side must not keep us waiting.
    setTimeout(() => this.socket.destroy(), 500).unref();
  }

  private receive(chunk: Buffer) {
    const frames = this.reader.push(chunk);
    if (!frames) return this.socket.destroy();
    for (const frame of frames) {
      if (this.socket.destroyed || this.socket.writableEnded) return;
      const hadTunnel = this.tunnel !== undefined;
      if (!this.handle(frame.readUInt16BE(2), frame.subarray(HEADER_SIZE))) {
        return this.socket.destroy();
      }
      // Traffic keeps a tunnel alive; without one, only opening a tunnel restarts the clock
      // (a socket sending anything else must not hold one of the few sockets for ever).
      if (this.tunnel || hadTunnel) this.watch();
    }
  }

  /** (Re)starts the silence timer: the tunnel's if there is one, the idle one otherwise. */
  private watch() {
    clearTimeout(this.timer);
    const ms = this.tunnel ? this.limits.aliveMs : this.limits.idleMs;
    this.timer = setTimeout(() => this.socket.destroy(), ms).unref();
  }

  /** Handles one frame; false when it is not well-formed (the socket is then closed). */
  private handle(service: number, body: Buffer): boolean {
    switch (service) {
      case SERVICE.connectRequest:
        return this.connect(body);
      case SERVICE.connectionStateRequest:
        return this.channelRequest(body, SERVICE.connectionStateResponse);
      case SERVICE.disconnectRequest:
        return this.channelRequest(body, SERVICE.disconnectResponse);
      case SERVICE.disconnectResponse:
        return body.length === 2;
      case SERVICE.tunnellingRequest:
        return this.tunnelling(body);
      case SERVICE.tunnellingAck:
        return body.length === 4 && body[0] === 4;
      default:
        return false;
    }
  }

  /** CONNECT_REQUEST: two HPAIs (8 bytes each) and a CRI (4 bytes, 6 with an address). */
  private connect(body: Buffer): boolean {
    const criLength = body[16];
    if (body[0] !== 8 || body[8] !== 8 || criLength === undefined) return false;
    if ((criLength !== 4 && criLength !== 6) || body.length !== 16 + criLength) return false;
    const refuse = (status: number) => {
      this.write(encodeFrame(SERVICE.connectResponse, [0, status]));
      return true; // well-formed, only refused
    };
    if (body[1] !== HOST_PROTOCOL_TCP || body[9] !== HOST_PROTOCOL_TCP) {
      return refuse(STATUS.hostProtocolType);
    }
    if (body[17] !== 0x04) return refuse(STATUS.connectionType); // not a tunnel
    if (body[18] !== 0x02) return refuse(STATUS.tunnellingLayer); // not the link layer
    if (this.tunnel) return refuse(STATUS.noMoreConnections); // one tunnel per connection
    const tunnel = this.host.openTunnel(this, criLength === 6 ? body.readUInt16BE(20) : undefined);
    if (typeof tunnel === 'number') return refuse(tunnel);
    this.tunnel = tunnel;
    const crd = [4, 0x04, tunnel.address >> 8, tunnel.address & 0xff];
    this.write(
      encodeFrame(SERVICE.connectResponse, [tunnel.channel, STATUS.noError], TCP_HPAI, crd),
    );
    return true;
  }

  /** CONNECTIONSTATE_REQUEST and DISCONNECT_REQUEST: channel, reserved, HPAI. */
  private channelRequest(body: Buffer, reply: number): boolean {
    const channel = body[0];
    if (body.length !== 10 || body[2] !== 8 || channel === undefined) return false;
    const ours = this.tunnel?.channel === channel;
    const status = ours ? STATUS.noError : STATUS.connectionId;
    this.write(encodeFrame(reply, [channel, status]));
    if (ours && reply === SERVICE.disconnectResponse) {
      this.host.closeTunnel(this);
      this.socket.end(); // the TCP connection carried this tunnel only
    }
    return true;
  }

  /** TUNNELLING_REQUEST: connection header (4 bytes), then a cEMI frame. */
  private tunnelling(body: Buffer): boolean {
    if (body.length < 5 || body[0] !== 4) return false;
    // Another channel's frame is discarded, as the spec says; a cEMI service other than
    // L_Data.req (device management, which ETS may try) has nothing to answer it here.
    if (!this.tunnel || body[1] !== this.tunnel.channel || body[4] !== CEMI.dataReq) return true;
    const frame = parseLData(body.subarray(4));
    if (!frame) return false;
    // A client may leave the source empty (0.0.0): the tunnel's address stands for it.
    const sent = { ...frame, src: frame.src || this.tunnel.address };
    // Confirm bit 0 cleared: delivered. The simulated bus never fails.
    this.sendCemi(encodeLData({ ...sent, code: CEMI.dataCon, ctrl1: sent.ctrl1 & ~0x01 }));
    this.host.busFrame(this, sent);
    return true;
  }
}
