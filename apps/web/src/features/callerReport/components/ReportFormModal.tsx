import type { TCallerReport, TReportSave } from '@yunhu/contract';
import { Form, Input, Select } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { requiredText } from '../../../shared/form/rules';
import type { TEditModalProps } from '../../../shared/form/useEditModal';
import { useReportNumbers, useSaveReport } from '../api';
import { ScriptField } from './ScriptField';

const c = t.callerReport;
type TValues = Omit<TReportSave, 'id'>;

/** A new report (草稿) or a correction of a draft or a rejected one; the numbers are the enterprise's lines'. */
export const ReportFormModal = ({ open, editing, onClose }: TEditModalProps<TCallerReport>) => {
  const numbers = useReportNumbers(open);
  const save = useSaveReport();
  return (
    <FormModal<TValues>
      open={open}
      title={editing ? c.editReport : c.newReport}
      okText={c.saveDraft}
      testId="report-form"
      initialValues={
        editing
          ? { lineId: editing.lineId, number: editing.number, scenario: editing.scenario, script: editing.script }
          : undefined
      }
      onCancel={onClose}
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, id: editing?.id });
        feedback.message.success(c.saved);
      }}
      fields={(form) => (
        <>
          <Form.Item name="lineId" label={c.line} rules={[{ required: true, message: c.choose(c.line) }]}>
            <Select
              options={(numbers.data ?? []).map((l) => ({ value: l.lineId, label: l.lineName }))}
              onChange={() => form.setFieldValue('number', undefined)}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.lineId !== b.lineId}>
            {() => (
              <Form.Item name="number" label={c.number} rules={[{ required: true, message: c.choose(c.number) }]}>
                <Select
                  options={(numbers.data?.find((l) => l.lineId === form.getFieldValue('lineId'))?.numbers ?? []).map(
                    (n) => ({ value: n, label: n }),
                  )}
                />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name="scenario" label={c.scenario} rules={requiredText(c.scenario)}>
            <Input maxLength={200} />
          </Form.Item>
          <ScriptField />
        </>
      )}
    />
  );
};
