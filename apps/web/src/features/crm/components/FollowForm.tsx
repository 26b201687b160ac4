import { MessageOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { crmRoutes, followMethodLabel, followMethods, type TPhoneLabel, type TRequestOf } from '@yunhu/contract';
import { Button, DatePicker, Form, Input, Menu, Popover, Radio, Select, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { optionsOf } from '../../../shared/form/options';
import { call } from '../../../shared/http/api';
import { beijingMomentOf, beijingPickerNow } from '../../../shared/time/beijing';
import { AnalysisDraft, type TAnalysisDraft } from '../../callAnalysis';
import { invalidateCustomers, useQuickReplies } from '../api';
import { phoneLabelOptions } from '../format';
import { ContentArea } from './ContentArea';

const c = t.crm;

/** The contract's follow-up, with the next date as the picker holds it and a label the user may clear. */
type TFollowValues = Omit<TRequestOf<typeof crmRoutes.followAdd>, 'customerId' | 'nextFollowAt' | 'phoneLabel'> & {
  nextFollowAt?: Dayjs | null;
  phoneLabel?: TPhoneLabel | null;
};

/**
 * The quick replies (shared and the person's own), searched by their words; choosing one hands its
 * text to `onPick` and closes the list.
 */
const QuickReplyPicker = ({ onPick }: { onPick: (text: string) => void }) => {
  const quick = useQuickReplies();
  const [isOpen, setOpen] = useState(false);
  const [words, setWords] = useState('');
  const all = quick.data ?? [];
  const rows = all.filter((q) => q.content.includes(words.trim()));
  const content = (
    <div style={{ width: 360 }} data-testid="crm-quick-list">
      <Input.Search
        allowClear
        size="small"
        value={words}
        placeholder={c.quickSearch}
        onChange={(e) => setWords(e.target.value)}
        data-testid="crm-quick-search"
      />
      {rows.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {all.length === 0 ? c.quickEmpty : c.quickNoMatch}
        </Typography.Paragraph>
      ) : (
        <Menu
          selectable={false}
          style={{ maxHeight: 280, overflowY: 'auto', borderInlineEnd: 0 }}
          items={rows.map((q) => ({
            key: String(q.id),
            label: <span style={{ whiteSpace: 'normal', lineHeight: 1.5 }}>{q.content}</span>,
            style: { height: 'auto', paddingBlock: 4 },
          }))}
          onClick={({ key }) => {
            const picked = rows.find((q) => String(q.id) === key);
            if (!picked) return;
            setOpen(false);
            onPick(picked.content);
          }}
        />
      )}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomLeft" open={isOpen} onOpenChange={setOpen} content={content}>
      <Button size="small" icon={<MessageOutlined />} data-testid="crm-quick-reply">
        {c.quickReply}
      </Button>
    </Popover>
  );
};

type TFollowFormProps = {
  customerId: number;
  nextFollowAt?: number | null;
  /** After a call: the phone label field, starting at the label the call showed. */
  callPhoneLabel?: TPhoneLabel | null;
  /** After a call: its record, whose analysis may fill the note. */
  callRecordId?: number | null;
  onSaved?: () => void;
};

/** 写跟进: method, content (quick replies inserted at the cursor), next follow-up time in the future. */
export const FollowForm = ({ customerId, nextFollowAt, callPhoneLabel, callRecordId, onSaved }: TFollowFormProps) => {
  const [form] = Form.useForm<TFollowValues>();
  const isAfterCall = callPhoneLabel !== undefined;
  // The next follow-up already planned stays unless changed: the server takes the form's value as the new plan.
  const initial: Partial<TFollowValues> = {
    method: 'phone',
    content: '',
    nextFollowAt: nextFollowAt && nextFollowAt > Date.now() ? dayjs(nextFollowAt) : null,
    phoneLabel: callPhoneLabel ?? null,
  };
  const client = useQueryClient();
  const noteRef = useRef<TextAreaRef>(null);
  // A quick reply goes where the cursor was in the note (over what was selected there), and the
  // cursor comes back after it, so the writing goes on from there.
  const insert = (text: string) => {
    const note = noteRef.current?.resizableTextArea?.textArea;
    const current = (form.getFieldValue('content') as string | undefined) ?? '';
    const start = Math.min(note?.selectionStart ?? current.length, current.length);
    const end = Math.min(Math.max(note?.selectionEnd ?? start, start), current.length);
    form.setFieldValue('content', `${current.slice(0, start)}${text}${current.slice(end)}`);
    void form.validateFields(['content']).catch(() => undefined);
    const cursor = start + text.length;
    requestAnimationFrame(() => {
      note?.focus();
      note?.setSelectionRange(cursor, cursor);
    });
  };
  // The analysis' reading goes where the cursor was, its promised day replaces a plan only in the future.
  const applyDraft = (draft: TAnalysisDraft) => {
    insert(draft.content);
    if (draft.nextFollowAt && beijingMomentOf(draft.nextFollowAt) > Date.now()) {
      form.setFieldValue('nextFollowAt', draft.nextFollowAt);
    }
  };
  const onFinish = async (v: TFollowValues) => {
    try {
      await call(crmRoutes.followAdd, {
        customerId,
        method: v.method,
        content: v.content.trim(),
        nextFollowAt: v.nextFollowAt ? beijingMomentOf(v.nextFollowAt) : null,
        ...(isAfterCall && v.phoneLabel ? { phoneLabel: v.phoneLabel } : {}),
      });
      feedback.message.success(c.followSaved);
      form.resetFields();
      await invalidateCustomers(client);
      onSaved?.();
    } catch {
      // The HTTP client showed why; keep what was written.
    }
  };
  return (
    <Form<TFollowValues> form={form} name="crmFollow" layout="vertical" initialValues={initial} onFinish={onFinish}>
      {callRecordId ? (
        <div style={{ marginBottom: 12 }}>
          <AnalysisDraft callRecordId={callRecordId} onUse={applyDraft} />
        </div>
      ) : null}
      <Form.Item name="method" label={c.followMethod}>
        <Radio.Group options={optionsOf(followMethods, followMethodLabel)} />
      </Form.Item>
      {isAfterCall && (
        <Form.Item name="phoneLabel" label={c.phoneLabel}>
          <Select
            allowClear
            options={phoneLabelOptions}
            placeholder={c.none}
            style={{ width: 160 }}
            data-testid="crm-follow-phone-label"
          />
        </Form.Item>
      )}
      <Form.Item
        label={
          <Space>
            {c.followContent}
            <QuickReplyPicker onPick={insert} />
          </Space>
        }
      >
        <Form.Item name="content" noStyle rules={[{ required: true, whitespace: true, message: c.followRequired }]}>
          <ContentArea ref={noteRef} placeholder={c.followPlaceholder} testId="crm-follow-content" />
        </Form.Item>
      </Form.Item>
      <Form.Item
        name="nextFollowAt"
        label={c.nextFollowAt}
        rules={[
          {
            validator: (_r, v?: Dayjs | null) =>
              !v || beijingMomentOf(v) > Date.now() ? Promise.resolve() : Promise.reject(new Error(c.nextFollowPast)),
          },
        ]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          disabledDate={(d) => d.isBefore(beijingPickerNow(), 'day')}
          presets={[
            {
              label: c.presetTomorrow,
              value: beijingPickerNow().add(1, 'day').hour(10).minute(0).second(0).millisecond(0),
            },
            {
              label: c.preset3Days,
              value: beijingPickerNow().add(3, 'day').hour(10).minute(0).second(0).millisecond(0),
            },
            {
              label: c.presetWeek,
              value: beijingPickerNow().add(7, 'day').hour(10).minute(0).second(0).millisecond(0),
            },
          ]}
          data-testid="crm-follow-next"
        />
      </Form.Item>
      {/* Submitted from onClick: the guard disables the button within the click, which would cancel a native submit. */}
      <ReclickButton type="primary" onClick={() => form.submit()} data-testid="crm-follow-submit">
        {c.submit}
      </ReclickButton>
    </Form>
  );
};
