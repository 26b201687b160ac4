import { describe, expect, it } from 'vitest';
import { splitCandidates } from './gatewayPeer';

const offer = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'm=audio 30026 UDP/TLS/RTP/SAVPF 111',
  'c=IN IP4 127.0.0.1',
  'a=mid:1',
  'a=ice-ufrag:abcd',
  'a=candidate:Fq8Ql7aFBJ3Pr0Mi 1 UDP 2130706431 127.0.0.1 30026 typ host',
  'a=end-of-candidates',
  'a=setup:passive',
  '',
].join('\r\n');

describe('监听: the offer without its candidates until the gateway has the answer', () => {
  it('takes the candidate lines out and hands them back for addIceCandidate with the offer’s mid', () => {
    const split = splitCandidates(offer);
    expect(split.sdp).not.toMatch(/a=candidate|a=end-of-candidates/);
    expect(split.sdp).toMatch(/^a=ice-ufrag:abcd\r$/m);
    expect(split.sdp).toMatch(/^a=setup:passive\r$/m);
    expect(split.sdp.endsWith('\r\n')).toBe(true);
    expect(split.candidates).toEqual(['candidate:Fq8Ql7aFBJ3Pr0Mi 1 UDP 2130706431 127.0.0.1 30026 typ host']);
    expect(split.mid).toBe('1');
  });
  it('a mid of 0 when the offer names none', () => {
    expect(splitCandidates(offer.replace('a=mid:1\r\n', '')).mid).toBe('0');
  });
});
