import { PlayCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { fetchRecordingUrl } from '../api';

/**
 * 播放录音: asks for a fresh signed address on the click (it lives 30 minutes), then plays it in an
 * <audio> element (docs/decisions/0006-carrier-callback.md: an <audio> cannot send CLOUD-TOKEN).
 */
export const RecordingPlayer = ({ callId }: { callId: number }) => {
  const [src, setSrc] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  if (src) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: call recordings have no captions
      <audio
        controls
        autoPlay
        src={src}
        style={{ height: 32, maxWidth: '100%' }}
        aria-label={t.call.recording}
        data-testid={`call-recording-${callId}`}
      />
    );
  }
  return (
    <Button
      size="small"
      icon={<PlayCircleOutlined />}
      loading={isLoading}
      onClick={async () => {
        setLoading(true);
        try {
          setSrc(await fetchRecordingUrl(callId));
        } catch {
          // The HTTP client has shown why.
        } finally {
          setLoading(false);
        }
      }}
      data-testid={`call-play-${callId}`}
    >
      {t.call.play}
    </Button>
  );
};
