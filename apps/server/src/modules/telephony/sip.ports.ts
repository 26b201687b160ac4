import dgram from 'node:dgram';
import net from 'node:net';

/**
 * Free loopback ports for the telephony's daemons (rtpengine's control port, sipp as the
 * development carrier and in tests). A port is found free, then bound by the daemon: another one
 * starting beside it may take it in between, so their starts try again when they lost that race
 * (`lostPortRace`).
 */

/** A UDP port the kernel hands out now (bound and let go). */
export const freeUdpPort = () =>
  new Promise<number>((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });

/** Whether nothing holds this UDP port now. */
export const isUdpFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = dgram.createSocket('udp4');
    probe.once('error', () => resolve(false));
    probe.bind(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A port free on both UDP and TCP (sipp binds its SIP and media ports on both). */
export const freePortPair = async () => {
  for (let i = 0; i < 20; i++) {
    const port = await freeUdpPort();
    const isTcpFree = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (isTcpFree) return port;
  }
  throw new Error('no free port for sipp');
};

/**
 * sipp's -mp base: it binds four ports from there (audio RTP and RTCP, video RTP and RTCP), so all
 * four must be free, not just the first (an rtpengine beside it takes ports in that range).
 */
export const freeSippMediaBase = async () => {
  for (let i = 0; i < 40; i++) {
    const base = await freePortPair();
    if (base > 65_531) continue;
    const free = await Promise.all([1, 2, 3].map((d) => isUdpFree(base + d)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no four free media ports for sipp');
};

/** sipp gave up at start because a port was taken after it was found free (errno 98). */
export const lostPortRace = (output: string) => /errno = 98|Address already in use/.test(output);
