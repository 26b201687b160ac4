import { loadConfig } from '../../config.js';
import { startKamailio } from './sip.kamailio.js';
import { devKamailioOptions, startDevCarrier } from './sip.kamailio-dev.js';

// scripts/kamailio.sh: Kamailio in the foreground for a development server, with the server's own
// SIP_* settings (README.md); Ctrl-C stops it.
const config = loadConfig();
if (!config.sip.sharedSecret) {
  console.error('请设置 SIP_SHARED_SECRET（与服务器相同）');
  process.exit(1);
}
const devCarrier = await startDevCarrier(config, (line) => console.log(line));
const options = devKamailioOptions(config, config.sip.sharedSecret, devCarrier);
// Both are started again whenever they die: said on this output.
const say = (obj: object, msg: string) => console.log(`${msg} ${JSON.stringify(obj)}`);
const kamailio = await startKamailio({ ...options, isLogInherited: true, logger: { info: say, warn: say } });
console.log(`Kamailio 已启动：${kamailio.wsUrl}（域 ${config.sip.realm}，凭据来自 ${options.serverUrl}），Ctrl-C 停止`);
console.log(
  `媒体网关（rtpengine）：${kamailio.media ? kamailio.media.ngSocket : '未启动（未安装或 MEDIA_GATEWAY=0）'}`,
);
const stop = async () => {
  await kamailio.stop();
  await devCarrier?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
