import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseSettings, SettingsError, ZSettings } from './config.js';

const readme = fs.readFileSync(path.resolve(new URL('../../../README.md', import.meta.url).pathname), 'utf8');

/** The names in the first column of the README's settings table. */
const documented = () => {
  const table = readme.slice(readme.indexOf('### Settings (environment)'));
  const rows = table.split('\n').filter((l) => l.startsWith('| `'));
  return rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!));
};

describe('settings', () => {
  it('are documented in the README exactly as the schema reads them', () => {
    expect(documented().sort()).toEqual(Object.keys(ZSettings.shape).sort());
  });

  it('refuse a wrong value at start, naming the variable', () => {
    const fail = (env: Record<string, string>) => {
      try {
        parseSettings(env);
      } catch (error) {
        expect(error).toBeInstanceOf(SettingsError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(fail({ PORT: 'abc' })).toContain('PORT="abc"');
    expect(fail({ PORT: '70000' })).toContain('PORT');
    expect(fail({ DB_POOL_MAX: '0' })).toContain('DB_POOL_MAX');
    expect(fail({ HTTP_MAX_IN_FLIGHT: '0' })).toContain('HTTP_MAX_IN_FLIGHT');
    expect(fail({ SIP_WS_URL: 'http://x' })).toContain('SIP_WS_URL');
    const both = fail({ SEED_DEMO: 'yes', LOG_LEVEL: 'loud' });
    expect(both).toContain('SEED_DEMO="yes"');
    expect(both).toContain('LOG_LEVEL="loud"');
  });

  it('take an empty value as unset, and the defaults the README names', () => {
    const config = loadConfig({ PORT: '', SESSION_HOURS: '' });
    expect(config.port).toBe(8080);
    expect(config.sessionHours).toBe(12);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseLimits.poolMax).toBe(10);
    // Four requests in flight per connection of the pool, unless the setting says otherwise.
    expect(config.maxInFlight).toBe(100);
    expect(loadConfig({ DB_POOL_MAX: '20' }).maxInFlight).toBe(200);
    expect(loadConfig({ DB_POOL_MAX: '20', HTTP_MAX_IN_FLIGHT: '25' }).maxInFlight).toBe(25);
    expect(config.sip.isAutostart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).sip.isAutostart).toBe(false);
    expect(loadConfig({ WEB_DIST: '' }).webDist).toBeNull();
  });
});
