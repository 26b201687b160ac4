import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { renderTrunkList, renderUacReg } from './sip.kamailio.js';
import { devKamailioOptions, startDevCarrier } from './sip.kamailio-dev.js';

/** The trunk settings (decision 0016) as a development Kamailio gets them, and the files they become. */
describe('trunk settings → Kamailio', () => {
  it('passes the trunks, their credentials, registration, NAT address, desk phones and the ban on', () => {
    const config = loadConfig({
      SIP_TRUNK_ADDR: '10.0.0.1:5060, 10.0.0.2:5080;transport=tcp',
      SIP_TRUNK_TRANSPORT: 'tcp',
      SIP_TRUNK_USER: 'acct',
      SIP_TRUNK_PASSWORD: 'secret',
      SIP_TRUNK_REGISTER: '1',
      SIP_ADVERTISE_ADDR: '203.0.113.7',
      SIP_INBOUND_PEERS: '10.0.0.9, 10.0.0.10',
      SIP_BAN_FAILURES: '5',
      SIP_BAN_MINUTES: '30',
    });
    const options = devKamailioOptions(config, 'x');
    expect(options.trunk).toEqual({
      address: '10.0.0.1:5060, 10.0.0.2:5080;transport=tcp',
      transport: 'tcp',
      auth: { user: 'acct', password: 'secret', realm: undefined },
      register: true,
      timeoutMs: 4000,
    });
    expect(options.advertise).toBe('203.0.113.7');
    expect(options.inboundPeers).toEqual(['10.0.0.9', '10.0.0.10']);
    expect(options.edge).toEqual({ banFailures: 5, banSeconds: 1800 });
    // The first trunk is tried first; an address without a transport takes SIP_TRUNK_TRANSPORT.
    expect(
      renderTrunkList(options.trunk as { address: string; transport: 'tcp' })
        .split('\n')
        .slice(1, 3),
    ).toEqual(['1 sip:10.0.0.1:5060;transport=tcp 0 2', '1 sip:10.0.0.2:5080;transport=tcp 0 1']);
  });

  it('listens on the port of SIP_WS_URL, or on SIP_WS_PORT when a TLS proxy stands between the page and it', () => {
    expect(devKamailioOptions(loadConfig({ SIP_WS_URL: 'ws://127.0.0.1:5070' }), 'x').wsPort).toBe(5070);
    const behindProxy = loadConfig({ SIP_WS_URL: 'wss://yunhu.example.com/sip', SIP_WS_PORT: '5066' });
    expect(devKamailioOptions(behindProxy, 'x').wsPort).toBe(5066);
    expect(behindProxy.sip.wsUrl).toBe('wss://yunhu.example.com/sip');
    expect(() => loadConfig({ SIP_WS_PORT: '0' })).toThrow(/SIP_WS_PORT/);
  });

  it('refuses bad values with the setting named, and a malformed trunk address', () => {
    expect(() => loadConfig({ SIP_TRUNK_TRANSPORT: 'sctp' })).toThrow(
      /SIP_TRUNK_TRANSPORT="sctp"：应为 udp、tcp 或 auto/,
    );
    expect(() => loadConfig({ SIP_BAN_FAILURES: '0' })).toThrow(/SIP_BAN_FAILURES/);
    expect(() => renderTrunkList({ address: 'sip:carrier.example.com:5060;lr;x=<y>' })).toThrow(/线路地址格式/);
    expect(() => renderTrunkList({ address: ' , ' })).toThrow(/SIP_TRUNK_ADDR 为空/);
  });

  it('writes one registration per trunk, colons escaped for the text database', () => {
    const { uacreg } = renderUacReg(
      { address: ['10.0.0.1:5060', 'sip.carrier.cn'], auth: { user: 'acct', password: 'p:w' } },
      'sip.yunhu.test',
    );
    const rows = uacreg.trim().split('\n').slice(1);
    expect(rows).toEqual([
      '1:trunk1:acct:sip.yunhu.test:acct:10.0.0.1::acct:p\\:w::sip\\:10.0.0.1\\:5060;transport=udp:600:0:0::',
      '2:trunk2:acct:sip.yunhu.test:acct:sip.carrier.cn::acct:p\\:w::sip\\:sip.carrier.cn;transport=udp:600:0:1::',
    ]);
    expect(() => renderUacReg({ address: '10.0.0.1' }, 'd')).toThrow(/SIP_TRUNK_USER/);
  });

  it('makes the development carrier the one trunk when none is configured, and leaves a configured one alone', () => {
    const devCarrier = { address: '127.0.0.1:40123;transport=udp' };
    expect(devKamailioOptions(loadConfig({}), 'x', devCarrier).trunk).toEqual({
      address: devCarrier.address,
      timeoutMs: 4000,
    });
    expect(devKamailioOptions(loadConfig({}), 'x').trunk).toBeUndefined();
    expect(devKamailioOptions(loadConfig({ SIP_TRUNK_ADDR: '10.0.0.1:5060' }), 'x', devCarrier).trunk).toMatchObject({
      address: '10.0.0.1:5060',
    });
    expect(devKamailioOptions(loadConfig({ SIP_TRUNK_PHONE: 'e1-2' }), 'x', devCarrier).trunk).toEqual({
      phone: 'e1-2',
    });
  });

  it('starts no development carrier beside a configured trunk, when turned off, or in production', async () => {
    const log: string[] = [];
    for (const env of [
      { SIP_TRUNK_ADDR: '10.0.0.1:5060' },
      { SIP_TRUNK_PHONE: 'e1-2' },
      { SIP_DEV_CARRIER: '0' },
      { NODE_ENV: 'production' },
    ]) {
      expect(await startDevCarrier(loadConfig(env), (line) => log.push(line))).toBeNull();
    }
    expect(log).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', SIP_DEV_CARRIER: '1' }).sip.dev.isDevCarrier).toBe(true);
  });

  it('says so in the log and goes on without it where sipp is missing (numbers then get 503)', async () => {
    const path = process.env.PATH;
    const log: string[] = [];
    process.env.PATH = '/nonexistent';
    try {
      expect(await startDevCarrier(loadConfig({}), (line) => log.push(line))).toBeNull();
    } finally {
      process.env.PATH = path;
    }
    expect(log).toEqual([expect.stringMatching(/^模拟运营商未启动：未安装 sipp.*线路故障（503）$/)]);
  });
});
