import dns from 'node:dns/promises';
import net from 'node:net';
import { integrationErrors as errors } from './integration.errors.js';

/** Where a receiver may be: https anywhere public; plain http to this machine only when the setting allows. */
export type TUrlPolicy = { allowLoopback: boolean };

const v4Blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  v4Blocked.addSubnet(address, prefix, 'ipv4');
}
const v6Blocked = new net.BlockList();
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped in its hex form (a URL writes [::ffff:10.0.0.1] as [::ffff:a00:1]): none is a receiver's.
  ['::ffff:0:0', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  v6Blocked.addSubnet(address, prefix, 'ipv6');
}

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
const unmapped = (ip: string) => (ip.toLowerCase().startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

/** An address no receiver of an outside service has: private, loopback, link-local, reserved. */
export const isPrivateAddress = (raw: string): boolean => {
  const ip = unmapped(raw);
  if (net.isIPv4(ip)) return v4Blocked.check(ip, 'ipv4');
  if (net.isIPv6(ip)) return v6Blocked.check(ip, 'ipv6');
  return true;
};

const isLoopback = (raw: string) => {
  const ip = unmapped(raw);
  return net.isIPv4(ip) ? loopback.check(ip, 'ipv4') : net.isIPv6(ip) && loopback.check(ip, 'ipv6');
};

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Refuses a receiver the server must not call (SSRF): not https (plain http only to this machine
 * and only when allowed), or a host that is, or resolves to, a private or reserved address. Checked
 * when an endpoint is saved and again before each attempt, since a name may point elsewhere later.
 */
export const checkReceiverUrl = async (raw: string, policy: TUrlPolicy): Promise<void> => {
  const url = new URL(raw);
  const host = hostOf(url);
  const isHttp = url.protocol === 'http:';
  const mayBeLocal = policy.allowLoopback && (net.isIP(host) ? isLoopback(host) : host === 'localhost');
  if (url.protocol !== 'https:' && !(isHttp && mayBeLocal)) throw errors.urlNotHttps();
  const addresses = net.isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((a) => a.address),
        () => {
          throw errors.urlUnresolved();
        },
      );
  if (policy.allowLoopback && addresses.length > 0 && addresses.every(isLoopback)) return;
  if (isHttp) throw errors.urlNotHttps();
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw errors.urlPrivate();
};
