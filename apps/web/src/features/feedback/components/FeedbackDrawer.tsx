import { FeedbackPerm, feedbackKindLabel, feedbackStateLabel } from '@yunhu/contract';
import { Button, Descriptions, Drawer, Empty, Image, Input, Space, Tag, Timeline } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { beijingFormat } from '../../../shared/time/beijing';
import { type TFeedbackSide, useAcceptFeedback, useAddMessage, useCloseFeedback, useFeedbackDetail } from '../api';
import { feedbackStateColor } from './feedbackColumns';

type TProps = { id: number | null; side: TFeedbackSide; onClose: () => void };

/** One feedback and its thread; the sender adds to it, the platform accepts, replies and closes. */
export const FeedbackDrawer = ({ id, side, onClose }: TProps) => {
  const { data } = useFeedbackDetail(id, side);
  const add = useAddMessage(side);
  const accept = useAcceptFeedback();
  const close = useCloseFeedback();
  const { modal } = useApp();
  const [text, setText] = useState('');
  const isPlatform = side === 'platform';
  const isOpen = data && data.state !== 'closed';

  const submit = async () => {
    if (!text.trim() || !data) {
      feedback.message.warning(t.feedback.messageRequired);
      return;
    }
    await add.mutateAsync({ id: data.id, content: text });
    setText('');
    feedback.message.success(isPlatform ? t.feedback.replied : t.feedback.appended);
  };

  const writer = isOpen && (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        rows={3}
        maxLength={2000}
        value={text}
        data-testid="feedback-message"
        placeholder={isPlatform ? t.feedback.replyPlaceholder : t.feedback.appendPlaceholder}
        onChange={(e) => setText(e.target.value)}
      />
      <Space>
        <Button type="primary" loading={add.isPending} onClick={() => void submit().catch(() => undefined)}>
          {isPlatform ? t.feedback.reply : t.feedback.append}
        </Button>
        {isPlatform && data.state === 'pending' && (
          <Button
            onClick={() =>
              void accept.mutateAsync(data.id).then(
                () => feedback.message.success(t.feedback.accepted),
                () => undefined,
              )
            }
          >
            {t.feedback.accept}
          </Button>
        )}
        {isPlatform && (
          <Button
            danger
            onClick={() =>
              modal.confirm({
                title: t.feedback.closeConfirm,
                okText: t.feedback.close,
                cancelText: t.common.cancel,
                onOk: closingEitherWay(async () => {
                  await close.mutateAsync(data.id);
                  feedback.message.success(t.feedback.closedDone);
                }),
              })
            }
          >
            {t.feedback.close}
          </Button>
        )}
      </Space>
    </Space>
  );

  return (
    <Drawer open={id !== null} size={640} title={t.feedback.detail} onClose={onClose} destroyOnHidden>
      {data && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            {isPlatform && <Descriptions.Item label={t.feedback.enterprise}>{data.enterpriseName}</Descriptions.Item>}
            <Descriptions.Item label={t.feedback.author}>{data.author}</Descriptions.Item>
            <Descriptions.Item label={t.feedback.kind}>{feedbackKindLabel[data.kind]}</Descriptions.Item>
            <Descriptions.Item label={t.feedback.state}>
              <Tag color={feedbackStateColor[data.state]}>{feedbackStateLabel[data.state]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t.feedback.createdAt}>{beijingFormat(data.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t.feedback.content} span={2}>
              <div style={{ whiteSpace: 'pre-wrap' }}>{data.content}</div>
            </Descriptions.Item>
            {data.screenshots.length > 0 && (
              <Descriptions.Item label={t.feedback.screenshots} span={2}>
                <Image.PreviewGroup>
                  <Space wrap>
                    {data.screenshots.map((url) => (
                      <Image key={url} src={url} width={80} height={80} style={{ objectFit: 'cover' }} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              </Descriptions.Item>
            )}
          </Descriptions>
          <div>
            <h4>{t.feedback.thread}</h4>
            {data.messages.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.feedback.noThread} />
            ) : (
              <Timeline
                items={data.messages.map((m) => ({
                  key: m.id,
                  color: m.side === 'platform' ? 'green' : 'blue',
                  children: (
                    <div data-testid="feedback-thread-item">
                      <div>
                        <b>{m.side === 'platform' ? t.feedback.platformSide : t.feedback.userSide}</b> · {m.author} ·{' '}
                        {beijingFormat(m.createdAt)}
                      </div>
                      <div style={{ whiteSpace: 'pre-wrap' }}>{m.content}</div>
                    </div>
                  ),
                }))}
              />
            )}
          </div>
          {isPlatform ? <Permission value={FeedbackPerm.reply}>{writer}</Permission> : writer}
        </Space>
      )}
    </Drawer>
  );
};
