import { PhoneOutlined } from '@ant-design/icons';
import type { TTaskItem } from '@yunhu/contract';
import { Button, Card, Descriptions, Space } from 'antd';
import * as t from '../../../../locales/zh-CN';
import { ScriptButton } from '../../../resource';
import { useDialLineId } from '../../api';
import { ItemStatusTag } from './TaskStatusTag';

const c = t.taskCard;
const stateText = (state: string | null) => (state ? (c.callState[state as keyof typeof c.callState] ?? state) : '');

/** The customer he is on: who, the masked number, the call's state, and what he can do. */
export const CurrentCustomer = (props: {
  item: TTaskItem;
  canDial: boolean;
  onDial: () => void;
  onResult: () => void;
  onSkip: () => void;
}) => {
  const { item } = props;
  // The task's script first in the 话术 panel, then the line's (the task's line when he holds it).
  const lineId = useDialLineId();
  return (
    <Card size="small" title={c.current} data-testid="my-task-current">
      <Descriptions column={3} size="small">
        <Descriptions.Item label={c.customer}>
          <b data-testid="my-task-current-name">{item.customerName}</b>
        </Descriptions.Item>
        <Descriptions.Item label={c.mobile}>
          <span data-testid="my-task-current-mobile">{item.mobile}</span>
        </Descriptions.Item>
        <Descriptions.Item label={c.itemStatus}>
          <Space>
            <ItemStatusTag status={item.status} />
            <span data-testid="my-task-call-state">{stateText(item.callState)}</span>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={c.attempts}>{item.attempts}</Descriptions.Item>
      </Descriptions>
      <Space>
        <Button
          type="primary"
          icon={<PhoneOutlined />}
          disabled={!props.canDial}
          onClick={props.onDial}
          data-testid="my-task-dial"
        >
          {c.dial}
        </Button>
        <Button onClick={props.onResult} data-testid="my-task-fill-result">
          {c.fillResult}
        </Button>
        <Button onClick={props.onSkip} data-testid="my-task-skip">
          {c.skip}
        </Button>
        <ScriptButton taskId={item.taskId} lineId={lineId} />
      </Space>
    </Card>
  );
};
