import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecordingPlayer } from './RecordingPlayer';

vi.mock('../api', () => ({ fetchRecordingUrl: async (id: number) => `/recording/${id}.wav?sig=x` }));

/** 播放录音 asked to play from a moment (a quality rule's hit): loads the recording, then starts there. */
describe('RecordingPlayer', () => {
  it('loads the recording and plays it from the moment asked', async () => {
    const { rerender } = render(<RecordingPlayer callId={3} startAt={null} />);
    expect(screen.getByTestId('call-play-3')).toBeTruthy();
    rerender(<RecordingPlayer callId={3} startAt={{ sec: 12.5 }} />);
    const audio = (await screen.findByTestId('call-recording-3')) as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('/recording/3.wav?sig=x');
    fireEvent(audio, new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(12.5);
    // Another moment of the same recording, now loaded: straight there.
    rerender(<RecordingPlayer callId={3} startAt={{ sec: 40 }} />);
    expect(audio.currentTime).toBe(40);
  });
});
