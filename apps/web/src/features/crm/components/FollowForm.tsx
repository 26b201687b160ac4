import { MessageOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { crmRoutes, followMethodLabel, followMethods, type TPhoneLabel, type TRequestOf } from '@yunhu/contract';
import { Button, DatePicker, Dropdown, Form, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { t } from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { optionsOf } from '../../../shared/form/options';
import { call } from '../../../shared/http/api';
import { beijingMomentOf, beijingPickerNow } from '../../../shared/time/beijing';
import { invalidateCustomers, useQuickReplies } from '../api';
import { phoneLabelOptions } from '../format';
import { ContentArea } from './ContentArea';

const c = t.crm;

/** The contract's follow-up, with the next date as the picker holds it and a label the user may clear. */
type TFollowValues = Omit<TRequestOf<typeof crmRoutes.followAdd>, 'customerId' | 'nextFollowAt' | 'phoneLabel'> & {
  nextFollowAt?: Dayjs | null;
  phoneLabel?: TPhoneLabel | null;
};

/** The quick replies (shared and the person's own); choosing one adds its text to the content. */
const QuickReplyPicker = ({ onPick }: { onPick: (text: string) => void }) => {
  const quick = useQuickReplies();
  const list = quick.data ?? [];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items:
          list.length === 0
            ? [{ key: 'empty', disabled: true, label: c.quickEmpty }]
            : list.map((q) => ({
                key: String(q.id),
                label: (
                  <span style={{ display: 'inline-block', maxWidth: 360, whiteSpace: 'normal' }}>{q.content}</span>
                ),
                onClick: () => onPick(q.content),
              })),
      }}
    >
      <Button size="small" icon={<MessageOutlined />} data-testid="crm-quick-reply">
        {c.quickReply}
      </Button>
    </Dropdown>
  );
};

type TFollowFormProps = {
  customerId: number;
  nextFollowAt?: number | null;
  /** After a call: the phone label field, starting at the label the call showed. */
  callPhoneLabel?: TPhoneLabel | null;
  onSaved?: () => void;
};

/** 写跟进: method, content (with quick replies), next follow-up time in the future. */
export const FollowForm = ({ customerId, nextFollowAt, callPhoneLabel, onSaved }: TFollowFormProps) => {
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
  const insert = (text: string) => {
    const current = (form.getFieldValue('content') as string | undefined) ?? '';
    form.setFieldValue('content', current ? `${current}${current.endsWith('\n') ? '' : '\n'}${text}` : text);
    void form.validateFields(['content']).catch(() => undefined);
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
          <ContentArea placeholder={c.followPlaceholder} testId="crm-follow-content" />
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
