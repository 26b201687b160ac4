import { companyBlacklistLimits, creditCodePattern, parseCompanyLine, type TCompanyBatchResult } from '@yunhu/contract';
import { Alert, Form, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { useCompanyAdd, useCompanyAddBatch } from '../api';

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
  const [skipped, setSkipped] = useState<TCompanyBatchResult['skipped'] | null>(null);
  const lines = linesOf(text);

  const close = () => {
    setSkipped(null);
    form.resetFields();
    props.onClose();
  };
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const remark = v.remark?.trim() ?? '';
    try {
      if (!props.isBatch) {
        await addOne.mutateAsync({ name: v.name?.trim() ?? '', creditCode: v.creditCode?.trim() ?? '', remark });
        feedback.message.success(b.added);
        close();
        return;
      }
      const res = await addBatch.mutateAsync({ lines, remark });
      feedback.message.success(b.batchDone(res.added, res.skipped.length));
      if (res.skipped.length) setSkipped(res.skipped);
      else close();
    } catch {
      // The HTTP client showed the server's message; what was typed stays for a fix.
    }
  };
  const eitherRule = {
    validator: async () => {
      const { name, creditCode } = form.getFieldsValue();
      if (!name?.trim() && !creditCode?.trim()) throw new Error(b.nameOrCode);
    },
  };

  return (
    <Modal
      open={props.open}
      title={props.isBatch ? b.addBatch : b.add}
      onCancel={close}
      onOk={skipped ? close : submit}
      okText={skipped ? t.common.confirm : props.isBatch ? b.addBatch : b.add}
      cancelText={t.common.cancel}
      confirmLoading={addOne.isPending || addBatch.isPending}
      destroyOnHidden
      data-testid="company-black-modal"
    >
      {skipped ? (
        <>
          <Alert type="warning" showIcon title={b.skippedTitle} style={{ marginBottom: 12 }} />
          <Table
            size="small"
            rowKey={(r) => `${r.line}-${r.reason}`}
            dataSource={skipped}
            pagination={{ pageSize: 8, showSizeChanger: false }}
            columns={[
              { key: 'line', title: b.line, dataIndex: 'line' },
              { key: 'reason', title: b.problem, dataIndex: 'reason' },
            ]}
            data-testid="company-black-skipped"
          />
        </>
      ) : (
        <Form form={form} layout="vertical" name="companyBlack">
          {props.isBatch ? (
            <Form.Item
              name="text"
              label={b.lines}
              extra={lines.length ? b.linesCount(lines.length) : b.linesHint}
              rules={[
                {
                  validator: async () => {
                    if (lines.length === 0) throw new Error(b.linesNone);
                    if (lines.length > companyBlacklistLimits.maxBatch) throw new Error(b.linesHint);
                  },
                },
              ]}
            >
              <Input.TextArea rows={8} placeholder={b.linesHint} data-testid="company-black-text" />
            </Form.Item>
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
        </Form>
      )}
    </Modal>
  );
};
