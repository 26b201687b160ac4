import { Form, Radio, Select } from 'antd';
import * as t from '../../../../locales/zh-CN';
import { useAssignees } from '../../../../shared/customers';
import { personOptions } from '../../../../shared/form/options';

/** The agents of his scope a task's customers can be spread among. */
export const AgentSelect = (props: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) => {
  const people = useAssignees();
  return (
    <Select
      id={props.id}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={people.isLoading}
      value={props.value}
      onChange={props.onChange}
      options={personOptions(people.data ?? [])}
    />
  );
};

const c = t.taskCard;

/** How a task's customers are shared out: evenly among the chosen agents, or each to its owner (no agents asked). */
export const AssignFields = () => {
  const assign = Form.useWatch('assign');
  return (
    <>
      <Form.Item name="assign" label={c.assign}>
        <Radio.Group
          options={[
            { value: 'even', label: c.assignEven },
            { value: 'owner', label: c.assignOwner },
          ]}
        />
      </Form.Item>
      {assign !== 'owner' && (
        <Form.Item name="userIds" label={c.agents} rules={[{ required: true, message: c.agentsRequired }]}>
          <AgentSelect />
        </Form.Item>
      )}
    </>
  );
};
