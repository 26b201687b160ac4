import fs from 'node:fs';
import path from 'node:path';
import { createDialogDb, markLostDialogs, releaseGatewayCalls } from './sip.kamailio-dialogs.js';
import { ngCommand } from './sip.kamailio-rtpengine.js';

// Before systemd starts Kamailio (ExecStartPre, deploy/telephony/kamailio-yunhu.conf.example): what
// the server's own supervisor does before it starts a Kamailio again (sip.kamailio.ts), so calls a
// dead Kamailio carried are ended on both legs under systemd too. Arguments: the dialog database
// (kamailio-local.cfg's YH_DIALOG_DB) and the media gateway's ng socket (YH_RTPENGINE_SOCK).
const [dialogDb, ngSocket = 'udp:127.0.0.1:22222'] = process.argv.slice(2);
const ngPort = Number(/^udp:127\.0\.0\.1:(\d{1,5})$/.exec(ngSocket)?.[1]);
if (!dialogDb || !ngPort) {
  console.error('用法：sip.kamailio-prestart.ts <YH_DIALOG_DB 目录> [udp:127.0.0.1:<rtpengine ng 端口>]');
  process.exit(2);
}

if (!fs.existsSync(path.join(dialogDb, 'dialog'))) {
  createDialogDb(dialogDb);
  console.log(`已建立通话状态库：${dialogDb}`);
} else {
  const lost = markLostDialogs(dialogDb, Math.floor(Date.now() / 1000));
  // A gateway that is not up has no call to let go of.
  const released = await releaseGatewayCalls((message) => ngCommand(ngPort, message)).catch(() => []);
  console.log(`上次运行留下的通话：${lost.length} 个将由 Kamailio 挂断两端，媒体网关释放 ${released.length} 个`);
}
