import type { TNotice } from '@yunhu/contract';
import { Modal, Typography } from 'antd';
import { beijingFormat } from '../../shared/time/beijing';

/** A notice's own text (a platform announcement), opened from the bell. */
export const NoticeDetail = ({ notice, onClose }: { notice: TNotice | null; onClose: () => void }) => (
  <Modal open={notice !== null} title={notice?.title} footer={null} onCancel={onClose} data-testid="notice-detail">
    {notice && (
      <>
        <Typography.Text type="secondary">{`${notice.publisher} · ${beijingFormat(notice.createdAt, 'YYYY-MM-DD HH:mm')}`}</Typography.Text>
        <Typography.Paragraph style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}>{notice.content}</Typography.Paragraph>
      </>
    )}
  </Modal>
);
