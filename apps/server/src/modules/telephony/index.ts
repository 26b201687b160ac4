// The telephony area's one door: the SIP server and media gateway processes (Kamailio, rtpengine),
// the gateway's captures turned into recordings and the recording storage, the 监听 / 耳语
// subscriptions at the gateway, and the carrier adapter with its development simulator. It keeps
// no table; the call area decides what a call means.

export {
  callStatusOf,
  carrierCallbackPath,
  type TCarrier,
  type TCarrierBind,
  type TCarrierCallback,
  type TCarrierOutcome,
  ZCarrierCallback,
} from './carrier.js';
export { carrierDeliverer, registerSignedCarrierPost } from './carrier.route.js';
export { createCarrierSimulator, type TDeliver } from './carrier.simulator.js';
export type { TSipCarrierSimulator } from './carrier-sip.simulator.js';
export { listenGatewayAt, type TListenGateway, type TListenProfile } from './listen.gateway.js';
export { createGatewayRecordings, gatewayCaptureDir, type TGatewayRecordings } from './recording.gateway.js';
export type { TTalkSpan } from './recording.pcap.js';
export { createRecordingStore, recordingPathPrefix, type TRecordingStore } from './recording.store.js';
export { kamailioMissing, startKamailio, type TKamailio } from './sip.kamailio.js';
export { devKamailioOptions, startDevCarrier } from './sip.kamailio-dev.js';
export { gatewayCallIdsAt, gatewaySessionsAt, type TGatewaySessions } from './sip.kamailio-rtpengine.js';
