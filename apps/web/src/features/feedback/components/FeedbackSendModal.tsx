import { feedbackKindLabel, feedbackKinds, feedbackMaxScreenshots, type TFeedbackKind } from '@yunhu/contract';
import { Button, Form, Image, Input, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ImageUploadButton } from '../../../shared/components/ImageUploadButton';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { optionsOf } from '../../../shared/form/options';
import { uploadScreenshot, useSendFeedback } from '../api';

type TValues = { kind: TFeedbackKind; content: string };

/** 提交反馈: kind, text and up to five screenshots; one key per opening, so a double click sends once. */
export const FeedbackSendModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const send = useSendFeedback();
  const [shots, setShots] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key each time the form opens.
  const requestKey = useMemo(() => crypto.randomUUID(), [open]);
  const close = () => {
    setShots([]);
    onClose();
  };
  return (
    <FormModal<TValues>
      open={open}
      title={t.feedback.send}
      testId="feedback-send"
      okText={t.feedback.send}
      onCancel={close}
      onSubmit={async (v) => {
        await send.mutateAsync({ ...v, screenshots: shots, requestKey });
        feedback.message.success(t.feedback.sent);
      }}
      fields={
        <>
          <Form.Item name="kind" label={t.feedback.kind} rules={[{ required: true, message: t.feedback.kindRequired }]}>
            <Select options={optionsOf(feedbackKinds, feedbackKindLabel)} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t.feedback.content}
            rules={[
              { required: true, whitespace: true, message: t.feedback.contentRequired },
              { min: 5, message: t.feedback.contentPlaceholder },
            ]}
          >
            <Input.TextArea rows={5} maxLength={2000} showCount placeholder={t.feedback.contentPlaceholder} />
          </Form.Item>
          <Form.Item label={t.feedback.screenshots} extra={t.feedback.screenshotsHint(feedbackMaxScreenshots)}>
            <Space wrap>
              {shots.map((url) => (
                <Space key={url} direction="vertical" size={0} align="center">
                  <Image src={url} width={72} height={72} style={{ objectFit: 'cover' }} />
                  <Button size="small" type="link" onClick={() => setShots((s) => s.filter((x) => x !== url))}>
                    {t.feedback.removeScreenshot}
                  </Button>
                </Space>
              ))}
              {shots.length < feedbackMaxScreenshots && (
                <ImageUploadButton
                  testId="feedback-screenshot"
                  onUpload={async (file) => {
                    const url = await uploadScreenshot(file);
                    setShots((s) => (s.includes(url) || s.length >= feedbackMaxScreenshots ? s : [...s, url]));
                  }}
                >
                  {t.feedback.uploadScreenshot}
                </ImageUploadButton>
              )}
            </Space>
          </Form.Item>
        </>
      }
    />
  );
};
