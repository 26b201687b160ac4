import { Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { useQuota } from '../api';

const c = t.clue;

/** The quota at a glance beside a list: what is left and today's unlocks against the limit. */
export const QuotaSummary = () => {
  const { data: q } = useQuota();
  if (!q) return null;
  return (
    <Space data-testid="clue-quota-summary">
      <Link to="/menu/Clue/enterpriseTry">
        <Tag color={q.balance > 0 ? 'blue' : 'red'}>
          {c.balance}：{q.balance}
        </Tag>
      </Link>
      <Tag>
        {c.today}：{c.todayOf(q.usedToday, q.dailyLimit)}
      </Tag>
    </Space>
  );
};
