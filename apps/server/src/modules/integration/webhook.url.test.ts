import { describe, expect, it } from 'vitest';
import { checkReceiverUrl, isPrivateAddress } from './webhook.url.js';

const reasonOf = (url: string, allowLoopback: boolean) =>
  checkReceiverUrl(url, { allowLoopback }).then(
    () => 'ok',
    (e: { reason?: string }) => e.reason ?? String(e),
  );

describe('webhook receiver addresses', () => {
  it('takes https to a public address, in production as in development', async () => {
    expect(await reasonOf('https://93.184.216.34/hooks', false)).toBe('ok');
    expect(await reasonOf('https://[2606:4700::1111]/hooks', false)).toBe('ok');
  });

  it('refuses plain http, and every private, loopback, link-local or reserved address (SSRF)', async () => {
    expect(await reasonOf('http://93.184.216.34/hooks', false)).toBe('integration.urlNotHttps');
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.0.0.8/x',
      'https://172.20.1.1/x',
      'https://192.168.1.10/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:10.0.0.1]/x',
    ]) {
      expect(await reasonOf(url, false), url).toBe('integration.urlPrivate');
    }
  });

  it('takes plain http to this machine only when the setting allows it, and still no private address', async () => {
    expect(await reasonOf('http://127.0.0.1:8080/hooks', true)).toBe('ok');
    expect(await reasonOf('http://[::1]:8080/hooks', true)).toBe('ok');
    expect(await reasonOf('http://localhost:8080/hooks', true)).toBe('ok');
    expect(await reasonOf('http://127.0.0.1:8080/hooks', false)).toBe('integration.urlNotHttps');
    expect(await reasonOf('http://10.0.0.8/hooks', true)).toBe('integration.urlNotHttps');
    expect(await reasonOf('https://10.0.0.8/hooks', true)).toBe('integration.urlPrivate');
  });

  it('judges addresses by their ranges', () => {
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('172.32.0.1')).toBe(false);
    expect(isPrivateAddress('172.31.255.255')).toBe(true);
    expect(isPrivateAddress('not an address')).toBe(true);
  });
});
