import { PlayCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { fetchRecordingUrl } from '../api';

/** Plays the recording from `sec` (the browser may refuse to start playing without a gesture: then it waits there). */
const playFrom = (el: HTMLAudioElement | null, sec: number) => {
  if (!el) return;
  el.currentTime = sec;
  void el.play().catch(() => undefined);
};

/**
 * 播放录音: asks for a fresh signed address on the click (it lives 30 minutes), then plays it in an
 * <audio> element (docs/decisions/0006-carrier-callback.md: an <audio> cannot send CLOUD-TOKEN).
 * `startAt` (a new object per request, e.g. a quality rule's moment) plays it from that second,
 * loading it first when it is not yet.
 */
export const RecordingPlayer = ({ callId, startAt }: { callId: number; startAt?: { sec: number } | null }) => {
  const [src, setSrc] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const pending = useRef<number | null>(null);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setSrc(await fetchRecordingUrl(callId));
    } catch {
      // The HTTP client has shown why.
    } finally {
      setLoading(false);
    }
  }, [callId]);
  useEffect(() => {
    if (!startAt) return;
    if (audio.current) playFrom(audio.current, startAt.sec);
    else {
      pending.current = startAt.sec;
      void load();
    }
  }, [startAt, load]);
  if (src) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: call recordings have no captions
      <audio
        ref={audio}
        controls
        autoPlay
        src={src}
        style={{ height: 32, maxWidth: '100%' }}
        aria-label={t.call.recording}
        data-testid={`call-recording-${callId}`}
        onLoadedMetadata={() => {
          if (pending.current !== null) playFrom(audio.current, pending.current);
          pending.current = null;
        }}
      />
    );
  }
  return (
    <Button
      size="small"
      icon={<PlayCircleOutlined />}
      loading={isLoading}
      onClick={() => void load()}
      data-testid={`call-play-${callId}`}
    >
      {t.call.play}
    </Button>
  );
};
