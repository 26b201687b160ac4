import { Select } from 'antd';
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
