import type { systemRoutes, TResponseOf } from '@yunhu/contract';
import { Badge, List, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useMarkRead } from '../api';

type TNotice = TResponseOf<typeof systemRoutes.myNoticePage>['records'][number];

/** One notice of a list (the bell's drawer, the home page): its title shows whether it is read; opening it marks it read. */
export const NoticeItem = ({
  notice: n,
  description,
  children,
}: {
  notice: TNotice;
  description: ReactNode;
  children?: ReactNode;
}) => {
  const markRead = useMarkRead();
  return (
    <List.Item onClick={() => !n.isRead && markRead.mutate({ ids: [n.id] })} style={{ cursor: 'pointer' }}>
      <List.Item.Meta
        title={
          <Badge
            status={n.isRead ? 'default' : 'processing'}
            text={<Typography.Text strong={!n.isRead}>{n.title}</Typography.Text>}
          />
        }
        description={description}
      />
      {children}
    </List.Item>
  );
};
