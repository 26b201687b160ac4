import { callingLimits } from '@yunhu/contract';
import { Form, type FormInstance, InputNumber, Select, Switch, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { namedOptions } from '../../../shared/form/options';
import { type TCallingRow, useCallingActions, useCallingOptions } from '../api';
import { hm, type TCallingFormValues, toBatchInput, toSaveInput } from '../callingForm';

const c = t.seat.calling;
const toDayjs = (v: string) => dayjs(`2000-01-01 ${v}`);

type TValues = TCallingFormValues;

/** Line and caller number: the numbers offered are those of the chosen line. */
const LineAndNumber = ({ form, isBatch }: { form: FormInstance<TValues>; isBatch: boolean }) => {
  const options = useCallingOptions();
  const lines = options.data?.lines ?? [];
  return (
    <>
      <Form.Item name="lineId" label={c.line}>
        <Select
          allowClear
          placeholder={isBatch ? c.keep : c.lineAuto}
          options={namedOptions(lines)}
          onChange={() => form.setFieldValue('callerNumber', undefined)}
          data-testid="calling-line"
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['lineId']}>
        {() => {
          const line = lines.find((l) => l.id === form.getFieldValue('lineId'));
          return (
            <Form.Item name="callerNumber" label={c.callerNumber}>
              <Select
                allowClear
                disabled={!line}
                placeholder={c.callerAuto}
                options={(line?.callerNumbers ?? []).map((n) => ({ value: n, label: n }))}
                data-testid="calling-caller"
              />
            </Form.Item>
          );
        }}
      </Form.Item>
    </>
  );
};

const limitInput = (max: number, testId: string) => (
  <InputNumber min={1} max={max} precision={0} style={{ width: 160 }} data-testid={testId} />
);

/** A switch of 呼叫管理 (录音, 智能分析): on or off for one person; for many, also 保持不变. */
const OnOffField = ({ name, label, isBatch }: { name: 'recording' | 'analysis'; label: string; isBatch: boolean }) =>
  isBatch ? (
    <Form.Item name={name} label={label}>
      <Select
        options={[
          { value: 'keep', label: c.keep },
          { value: true, label: c.recordingOn },
          { value: false, label: c.recordingOff },
        ]}
      />
    </Form.Item>
  ) : (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch data-testid={`calling-${name}`} />
    </Form.Item>
  );

/** One person's settings, or the same fields for many (empty = keep each person's own). */
export const CallingFormModal = (props: {
  rows: TCallingRow[];
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
}) => {
  const actions = useCallingActions();
  const isBatch = props.rows.length > 1;
  const one = props.rows[0];
  const initialValues: TValues | undefined =
    !isBatch && one
      ? {
          lineId: one.lineId,
          callerNumber: one.callerNumber,
          hours: [toDayjs(one.allowedFrom), toDayjs(one.allowedTo)],
          perNumberDailyLimit: one.perNumberDailyLimit,
          dailyLimit: one.dailyLimit,
          recording: one.recording,
          analysis: one.analysis,
        }
      : { recording: 'keep', analysis: 'keep' };
  const submit = (v: TValues) =>
    !isBatch && one
      ? actions.save(toSaveInput(one.userId, v))
      : actions.saveBatch(
          toBatchInput(
            props.rows.map((r) => r.userId),
            v,
          ),
        );
  const required = (what: string) => (isBatch ? [] : [{ required: true, message: c.required(what) }]);
  return (
    <FormModal<TValues>
      open={props.open}
      title={isBatch ? c.batchTitle(props.rows.length) : c.editTitle(one?.realName ?? '')}
      testId="calling-modal"
      initialValues={initialValues}
      onCancel={props.onClose}
      onDone={() => {
        feedback.message.success(c.saved);
        props.onDone?.();
      }}
      onSubmit={submit}
      fields={(form) => (
        <>
          {isBatch && <Typography.Paragraph type="secondary">{c.batchHint}</Typography.Paragraph>}
          <LineAndNumber form={form} isBatch={isBatch} />
          <Form.Item
            name="hours"
            label={c.hours}
            rules={[
              ...required(c.hours),
              {
                validator: (_r, v: [Dayjs, Dayjs] | null) =>
                  !v || hm(v[0]) < hm(v[1]) ? Promise.resolve() : Promise.reject(new Error(c.hoursOrder)),
              },
            ]}
          >
            <TimePicker.RangePicker format="HH:mm" order={false} minuteStep={5} data-testid="calling-hours" />
          </Form.Item>
          <Form.Item name="perNumberDailyLimit" label={c.perNumberDailyLimit} rules={required(c.perNumberDailyLimit)}>
            {limitInput(callingLimits.perNumberDailyMax, 'calling-per-number')}
          </Form.Item>
          <Form.Item name="dailyLimit" label={c.dailyLimit} rules={required(c.dailyLimit)}>
            {limitInput(callingLimits.dailyMax, 'calling-daily')}
          </Form.Item>
          <OnOffField name="recording" label={c.recording} isBatch={isBatch} />
          <OnOffField name="analysis" label={c.analysis} isBatch={isBatch} />
        </>
      )}
    />
  );
};
