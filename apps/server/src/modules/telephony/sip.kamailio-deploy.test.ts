import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../paths.js';
import { kamailioConfigPath, kamailioMissing } from './sip.kamailio.js';

/**
 * deploy/telephony's example (a production host's kamailio-local.cfg and trunk list) is a config
 * Kamailio accepts with the product's kamailio.cfg (`kamailio -c`), optional parts switched on too,
 * and it names every site setting kamailio.cfg has. Skipped without Kamailio unless REQUIRE_KAMAILIO=1.
 */
const missing = kamailioMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
const telephony = path.join(repoRoot, 'deploy/telephony');
const example = fs.readFileSync(path.join(telephony, 'kamailio-local.cfg.example'), 'utf8');

describe('deploy/telephony example', () => {
  it('names every site setting (YH_*) of kamailio.cfg', () => {
    const names = new Set(
      [...fs.readFileSync(kamailioConfigPath, 'utf8').matchAll(/^#!ifndef (YH_[A-Z_]+)$/gm)].map((m) => m[1]!),
    );
    expect(names.size).toBeGreaterThan(15);
    const readme = fs.readFileSync(path.join(telephony, 'README.md'), 'utf8');
    for (const name of names) expect(`${example}\n${readme}`, name).toContain(name);
  });

  it('has systemd run the dead Kamailio’s clean-up from files the install has', () => {
    const dropIn = fs.readFileSync(path.join(telephony, 'kamailio-yunhu.conf.example'), 'utf8');
    const command = /^ExecStartPre=(.+)$/m.exec(dropIn)![1]!.split(' ');
    for (const file of command.filter((part) => part.startsWith('/opt/yunhu/'))) {
      expect(fs.existsSync(file.replace('/opt/yunhu', repoRoot)), file).toBe(true);
    }
    expect(command.slice(-2)).toEqual(['/var/lib/kamailio/dialog-db', 'udp:127.0.0.1:22222']);
    expect(example).toContain('#!substdef "!YH_DIALOG_DB!/var/lib/kamailio/dialog-db!g"');
  });

  it.skipIf(missing !== null && !isRequired)(
    'is accepted by Kamailio as written and with digest and registration switched on (TLS left out: no certificate here)',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-deploy-'));
      try {
        fs.copyFileSync(kamailioConfigPath, path.join(dir, 'kamailio.cfg'));
        fs.copyFileSync(path.join(telephony, 'trunks.list.example'), path.join(dir, 'trunks.list'));
        const local = (isOptional: boolean) =>
          example
            // This host's addresses instead of the documentation ones; no certificate here.
            .replace(/10\.0\.0\.5|203\.0\.113\.7/g, '127.0.0.1')
            .replace(/^#!define WITH_TLS$/m, '')
            .replaceAll('/etc/kamailio/trunks.list', path.join(dir, 'trunks.list'))
            .replaceAll('/run/kamailio', dir)
            .replaceAll('/var/lib/kamailio', dir)
            .replace(/^##(#!.*)$/gm, isOptional ? '$1' : '#$1');
        for (const isOptional of [false, true]) {
          fs.writeFileSync(path.join(dir, 'kamailio-local.cfg'), local(isOptional));
          const check = spawnSync('kamailio', ['-c', '-f', path.join(dir, 'kamailio.cfg')], {
            cwd: dir,
            encoding: 'utf8',
          });
          expect(check.status, check.stderr.slice(-3000)).toBe(0);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
