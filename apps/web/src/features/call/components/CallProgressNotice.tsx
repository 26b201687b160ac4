import { Space, Tag, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { type TCallProgress, useCallStore } from '../store';

const steps: TCallProgress[] = ['calling', 'ringing', 'talking', 'ended'];

/**
 * The 拨号成功 notice of a call-back call: the hint (请等待接听) and where the call
 * stands, 呼叫中 → 振铃 → 通话中 → 已结束, the current step highlighted, while it happens.
 */
export const CallProgressNotice = ({ bindId, hint }: { bindId: string; hint: string }) => {
  const progress = useCallStore((s) => (s.activeCall?.bindId === bindId ? s.activeCall.progress : 'ended'));
  const at = steps.indexOf(progress);
  return (
    <Space orientation="vertical" size={6} data-testid="call-progress" data-progress={progress}>
      <Typography.Text>{hint}</Typography.Text>
      <Space size={4} wrap>
        {steps.map((step, i) => (
          <Tag
            key={step}
            color={i === at ? (step === 'ended' ? 'default' : 'processing') : i < at ? 'success' : undefined}
            data-testid={`call-progress-${step}`}
            style={{ marginInlineEnd: 0, opacity: i > at ? 0.5 : 1 }}
          >
            {t.call.progress[step]}
          </Tag>
        ))}
      </Space>
      <Typography.Text strong data-testid="call-progress-now">
        {t.call.progressNow(t.call.progress[progress])}
      </Typography.Text>
    </Space>
  );
};
