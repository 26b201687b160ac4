import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { crmRoutes } from '@yunhu/contract';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import type { TPool } from '../api';
import { listQueryOf } from '../listQueryMemory';
import { detailPath } from './customerColumns';

const c = t.crm;

/** 上一个 / 下一个: the customers beside this one in the list he was opened from, its filters and order kept. */
export const CustomerNeighbours = ({ id, pool }: { id: number; pool: TPool }) => {
  const navigate = useNavigate();
  const route = pool === 'private' ? crmRoutes.privateNeighbours : crmRoutes.poolNeighbours;
  const found = useQuery({
    queryKey: ['crm', 'neighbours', pool, id],
    queryFn: () => call(route, { ...listQueryOf(pool), id }),
  });
  const go = (target: number | null | undefined) => {
    if (target) navigate(detailPath(target, pool));
  };
  return (
    <Space.Compact>
      <Button
        icon={<LeftOutlined />}
        disabled={!found.data?.previousId}
        onClick={() => go(found.data?.previousId)}
        data-testid="crm-previous-customer"
      >
        {c.previousCustomer}
      </Button>
      <Button disabled={!found.data?.nextId} onClick={() => go(found.data?.nextId)} data-testid="crm-next-customer">
        {c.nextCustomer}
        <RightOutlined />
      </Button>
    </Space.Compact>
  );
};
