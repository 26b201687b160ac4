import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EndReason, partyOf, RecordingCell } from './CallOutcome';

vi.mock('../api', () => ({ fetchRecordingUrl: vi.fn() }));

/** 通话记录's result cells: the recording's state instead of a silent empty player, the end reason, the other party. */
describe('call outcome cells', () => {
  const row = { id: 7, preRecordUrl: null as string | null, recordingState: null as string | null };

  it('says where a recording stands instead of showing an empty player', () => {
    const states: [string, string][] = [
      ['pending', '录音处理中'],
      ['failed', '录音失败'],
      ['none', '无录音'],
      ['off', '未开启录音'],
    ];
    for (const [state, text] of states) {
      const { unmount } = render(<RecordingCell row={{ ...row, recordingState: state }} canPlay />);
      expect(screen.getByTestId('call-recording-state-7').textContent).toBe(text);
      unmount();
    }
    // A carrier's record without a file, and one the reader may not play: 无录音, no player.
    const { unmount } = render(<RecordingCell row={row} canPlay />);
    expect(screen.getByText('无录音')).toBeTruthy();
    unmount();
    render(<RecordingCell row={{ ...row, preRecordUrl: 'x', recordingState: 'ready' }} canPlay={false} />);
    expect(screen.getByText('无录音')).toBeTruthy();
    expect(screen.queryByTestId('call-play-7')).toBeNull();
  });

  it('offers the player for a recording that is there', () => {
    render(<RecordingCell row={{ ...row, preRecordUrl: 'signed', recordingState: 'ready' }} canPlay />);
    expect(screen.getByTestId('call-play-7').textContent).toContain('播放录音');
  });

  it('shows why a call ended, and nothing for a call that went as asked', () => {
    const { container, unmount } = render(<EndReason row={{ id: 1, endReason: '' }} />);
    expect(container.textContent).toBe('');
    unmount();
    render(<EndReason row={{ id: 2, endReason: '线路故障（503）' }} />);
    expect(screen.getByTestId('call-end-reason-2').textContent).toBe('线路故障（503）');
  });

  it('names the colleague of an internal call, the number otherwise', () => {
    expect(partyOf({ callType: 3, peerName: '王经理', telB: 'e100001-5' })).toBe('同事：王经理');
    expect(partyOf({ callType: 2, peerName: '', telB: '138****5678' })).toBe('138****5678');
  });
});
