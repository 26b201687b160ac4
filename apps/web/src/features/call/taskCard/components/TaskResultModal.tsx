import { type TRequestOf, type TTaskItem, type taskCardRoutes, taskResults, taskResultText } from '@yunhu/contract';
import { Form, Input, Radio } from 'antd';
import * as t from '../../../../locales/zh-CN';
import { FormModal } from '../../../../shared/form/FormModal';
import { optionsOf } from '../../../../shared/form/options';

const c = t.taskCard;
/** The note starts empty, so the form always holds one. */
export type TTaskResultValues = Required<Omit<TRequestOf<typeof taskCardRoutes.itemResult>, 'itemId'>>;

/** The result of the current customer's call: a fixed result code and a note (also his CRM follow-up). */
export const TaskResultModal = (props: {
  item: TTaskItem | null;
  onSubmit: (values: TTaskResultValues) => Promise<unknown>;
  onCancel: () => void;
}) => (
  <FormModal<TTaskResultValues>
    open={props.item !== null}
    title={c.resultTitle(props.item ? `${props.item.customerName} ${props.item.mobile}` : '')}
    testId="task-result-modal"
    initialValues={{ note: '' }}
    onSubmit={props.onSubmit}
    onCancel={props.onCancel}
    fields={
      <>
        <Form.Item name="result" label={c.result} rules={[{ required: true, message: c.resultRequired }]}>
          <Radio.Group options={optionsOf(taskResults, taskResultText)} />
        </Form.Item>
        <Form.Item name="note" label={c.note}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </>
    }
  />
);
