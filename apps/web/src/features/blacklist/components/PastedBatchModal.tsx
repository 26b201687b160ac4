import { Alert, Form, type FormInstance, Input, Modal, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';

type TSkippedRow = { reason: string };
/** A batch's answer: how many were written and the pasted items left out, each with why. */
export type TBatchAnswer<TRow extends TSkippedRow> = { added: number; skipped: TRow[] };

type TPastedBatchModalProps<TValues, TRow extends TSkippedRow> = {
  form: FormInstance<TValues>;
  open: boolean;
  onClose: () => void;
  title: string;
  okText: string;
  isPending: boolean;
  formName: string;
  /** Prefix of the modal's and the skipped table's test ids (`<prefix>-modal`, `<prefix>-skipped`). */
  testIdPrefix: string;
  /** The skipped item's own column (the number, the pasted line). */
  itemColumn: { key: keyof TRow & string; title: string };
  texts: { skippedTitle: string; problem: string; batchDone: (added: number, skipped: number) => string };
  /**
   * Sends the checked values. A batch's answer is reported, and its skipped items stay on screen
   * until read; nothing (a single add, which says its own success) closes the modal.
   */
  send: (values: TValues) => Promise<TBatchAnswer<TRow> | undefined>;
  /** The form's items. */
  children: ReactNode;
};

/**
 * A black-list's add dialog: the form, then, when a pasted batch left items out, those items and why
 * in place of the form. The numbers' and the companies' lists share it.
 */
export const PastedBatchModal = <TValues, TRow extends TSkippedRow>(props: TPastedBatchModalProps<TValues, TRow>) => {
  const { form, texts } = props;
  const [skipped, setSkipped] = useState<TRow[] | null>(null);

  const close = () => {
    setSkipped(null);
    form.resetFields();
    props.onClose();
  };
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const res = await props.send(v);
      if (!res) return close();
      feedback.message.success(texts.batchDone(res.added, res.skipped.length));
      if (res.skipped.length) setSkipped(res.skipped);
      else close();
    } catch {
      // The HTTP client showed the server's message; what was typed stays for a fix.
    }
  };
  const itemKey = props.itemColumn.key;

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={close}
      onOk={skipped ? close : submit}
      okText={skipped ? t.common.confirm : props.okText}
      cancelText={t.common.cancel}
      confirmLoading={props.isPending}
      destroyOnHidden
      data-testid={`${props.testIdPrefix}-modal`}
    >
      {skipped ? (
        <>
          <Alert type="warning" showIcon title={texts.skippedTitle} style={{ marginBottom: 12 }} />
          <Table
            size="small"
            rowKey={(r) => `${String(r[itemKey])}-${r.reason}`}
            dataSource={skipped}
            pagination={{ pageSize: 8, showSizeChanger: false }}
            columns={[
              { key: itemKey, title: props.itemColumn.title, dataIndex: itemKey },
              { key: 'reason', title: texts.problem, dataIndex: 'reason' },
            ]}
            data-testid={`${props.testIdPrefix}-skipped`}
          />
        </>
      ) : (
        <Form form={form} layout="vertical" name={props.formName}>
          {props.children}
        </Form>
      )}
    </Modal>
  );
};

type TPastedTextItemProps = {
  label: string;
  /** How many items the text holds, as the server will read it. */
  count: number;
  max: number;
  /** What the text holds, said under it once it holds something. */
  counted: string;
  /** How to paste (also the refusal of more than `max`). */
  hint: string;
  /** The refusal of a text that holds nothing. */
  none: string;
  testId: string;
};

/** The pasted items (the form's `text`): counted as typed; none, or more than the batch takes, refused. */
export const PastedTextItem = (props: TPastedTextItemProps) => (
  <Form.Item
    name="text"
    label={props.label}
    extra={props.count ? props.counted : props.hint}
    rules={[
      {
        validator: async () => {
          if (props.count === 0) throw new Error(props.none);
          if (props.count > props.max) throw new Error(props.hint);
        },
      },
    ]}
  >
    <Input.TextArea rows={8} placeholder={props.hint} data-testid={props.testId} />
  </Form.Item>
);
