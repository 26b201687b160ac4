import { companyBlacklistLimits, creditCodePattern, parseCompanyLine } from '@yunhu/contract';
import { Form, Input } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { useCompanyAdd, useCompanyAddBatch } from '../api';
import { PastedBatchModal, PastedTextItem } from './PastedBatchModal';

const b = t.companyBlacklist;
type TValues = { name?: string; creditCode?: string; text?: string; remark?: string };

/** The lines of the pasted text that name a company, as the server will read them. */
const linesOf = (text: string | undefined) => (text ?? '').split(/\r?\n/).filter((l) => parseCompanyLine(l) !== null);

/**
 * 添加企业 (a name and/or a credit code) or 批量添加 (one company a line): the answer of a batch lists
 * the lines skipped (bad, repeated, listed already) and why.
 */
export const CompanyAddModal = (props: { isBatch: boolean; open: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<TValues>();
  const text = Form.useWatch('text', form);
  const addOne = useCompanyAdd();
  const addBatch = useCompanyAddBatch();
  const lines = linesOf(text);

  const send = async (v: TValues) => {
    const remark = v.remark?.trim() ?? '';
    if (props.isBatch) return addBatch.mutateAsync({ lines, remark });
    await addOne.mutateAsync({ name: v.name?.trim() ?? '', creditCode: v.creditCode?.trim() ?? '', remark });
    feedback.message.success(b.added);
    return undefined;
  };
  const eitherRule = {
    validator: async () => {
      const { name, creditCode } = form.getFieldsValue();
      if (!name?.trim() && !creditCode?.trim()) throw new Error(b.nameOrCode);
    },
  };
  const title = props.isBatch ? b.addBatch : b.add;

  return (
    <PastedBatchModal
      form={form}
      open={props.open}
      onClose={props.onClose}
      title={title}
      okText={title}
      isPending={addOne.isPending || addBatch.isPending}
      formName="companyBlack"
      testIdPrefix="company-black"
      itemColumn={{ key: 'line', title: b.line }}
      texts={b}
      send={send}
    >
      {props.isBatch ? (
        <PastedTextItem
          label={b.lines}
          count={lines.length}
          max={companyBlacklistLimits.maxBatch}
          counted={b.linesCount(lines.length)}
          hint={b.linesHint}
          none={b.linesNone}
          testId="company-black-text"
        />
      ) : (
        <>
          <Form.Item name="name" label={b.name} dependencies={['creditCode']} rules={[eitherRule]}>
            <Input maxLength={companyBlacklistLimits.nameMax} data-testid="company-black-name" />
          </Form.Item>
          <Form.Item
            name="creditCode"
            label={b.creditCode}
            rules={[
              {
                validator: async (_r: unknown, v: string | undefined) => {
                  const code = v?.trim().toUpperCase();
                  if (code && !creditCodePattern.test(code)) throw new Error(b.codeInvalid);
                },
              },
            ]}
          >
            <Input maxLength={18} data-testid="company-black-code" />
          </Form.Item>
        </>
      )}
      <Form.Item name="remark" label={b.remark}>
        <Input.TextArea
          rows={2}
          maxLength={companyBlacklistLimits.remarkMax}
          showCount
          placeholder={b.remarkPlaceholder}
        />
      </Form.Item>
    </PastedBatchModal>
  );
};
