import { useQuery } from '@tanstack/react-query';
import { callRecordRoutes, defaultCountdownSeconds, Perm, ResourcePerm, type TTaskCreate } from '@yunhu/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import * as t from '../../../../locales/zh-CN';
import { namedOptions } from '../../../../shared/form/options';
import { call } from '../../../../shared/http/api';
import { usePermission } from '../../../../shared/permission/usePermission';
import { ScriptSelect } from '../../../resource';

const c = t.taskCard;

/** The task's own fields as the form holds them (defaults filled in). */
export type TTaskFieldValues = Required<
  Pick<TTaskCreate, 'name' | 'description' | 'lineId' | 'scriptId' | 'countdownSeconds'>
>;
export const taskFieldDefaults: Partial<TTaskFieldValues> = {
  description: '',
  lineId: null,
  scriptId: null,
  countdownSeconds: defaultCountdownSeconds,
};

/**
 * A task's own settings: name, description, line, its own 话术 (shown first to its agents while
 * calling; chosen among the scripts he may see) and the automatic-dial countdown.
 */
export const TaskFields = ({ scriptTitle }: { scriptTitle?: string | null }) => {
  const canListLines = usePermission(Perm.callRecordList);
  const canReadScripts = usePermission(ResourcePerm.view);
  const lines = useQuery({
    queryKey: ['taskCard-lines'],
    queryFn: () => call(callRecordRoutes.selectBoughtLine, {}),
    enabled: canListLines,
  });
  return (
    <>
      <Form.Item name="name" label={c.name} rules={[{ required: true, whitespace: true, message: c.nameRequired }]}>
        <Input maxLength={50} placeholder={c.namePlaceholder} />
      </Form.Item>
      <Form.Item name="description" label={c.description}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Form.Item name="lineId" label={c.line}>
        <Select
          style={{ maxWidth: 320 }}
          options={[{ value: null, label: c.lineAny }, ...namedOptions(lines.data ?? [])]}
        />
      </Form.Item>
      {canReadScripts && (
        <Form.Item name="scriptId" label={c.script} extra={t.resource.scriptHint}>
          <ScriptSelect title={scriptTitle} data-testid="task-script" />
        </Form.Item>
      )}
      <Form.Item name="countdownSeconds" label={c.countdown} extra={c.countdownHint}>
        <InputNumber min={1} max={60} precision={0} />
      </Form.Item>
    </>
  );
};
