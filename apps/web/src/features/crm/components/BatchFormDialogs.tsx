import { crmRoutes, type TBatchResult, type TIntentionLevel, type TPhoneLabel } from '@yunhu/contract';
import { Alert, Form, Input, Radio, Select } from 'antd';
import type { ReactNode } from 'react';
import * as t from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { namedOptions, optionsOf, yesNoOptions } from '../../../shared/form/options';
import { call } from '../../../shared/http/api';
import { type TPool, useAssignees, useTags } from '../api';
import { levelOptions, phoneLabelOptions } from '../format';

const c = t.crm;

export type TBatchDialogKind = 'transfer' | 'release' | 'recycle' | 'tags' | 'level' | 'labelDeal';
export type TBatchDialog = { kind: TBatchDialogKind; ids: number[] } | null;

type TValues = {
  toUserId?: number;
  reason?: string;
  tagIds?: number[];
  mode?: 'add' | 'remove' | 'set';
  intentionLevel?: TIntentionLevel;
  /** 'keep' = unchanged, 'clear' = remove the label. */
  phoneLabel?: TPhoneLabel | 'keep' | 'clear';
  isDeal?: 'keep' | 'yes' | 'no';
};

type TBatchFormDialogsProps = {
  dialog: TBatchDialog;
  /** The list the customers are on: each pool deletes at its own path. */
  pool: TPool;
  onClose: () => void;
  /** Runs and reports a batch; null when the server refused it as a whole. */
  run: (action: string, work: Promise<TBatchResult>) => Promise<TBatchResult | null>;
};

const actionOf: Record<TBatchDialogKind, string> = {
  transfer: c.transfer,
  release: c.release,
  recycle: c.recycle,
  tags: c.tag,
  level: c.changeLevel,
  labelDeal: c.labelOrDeal,
};

// Constants: FormModal resets the form whenever its initialValues object changes.
const tagsInitial: TValues = { mode: 'add' };
const labelDealInitial: TValues = { phoneLabel: 'keep', isDeal: 'keep' };

const reasonItem = (
  <Form.Item name="reason" label={c.reason}>
    <Input.TextArea rows={2} maxLength={200} showCount placeholder={c.reasonPlaceholder} />
  </Form.Item>
);

/** The batch actions that need a little input first: receiver, reason, tags, level, label or deal. */
export const BatchFormDialogs = ({ dialog, pool, onClose, run }: TBatchFormDialogsProps) => {
  const kind = dialog?.kind;
  const n = dialog?.ids.length ?? 0;
  const assignees = useAssignees(kind === 'transfer');
  const tags = useTags();

  const submit = async (v: TValues) => {
    if (!dialog) return;
    const { ids } = dialog;
    const reason = v.reason ?? '';
    const r = crmRoutes;
    const work: Record<TBatchDialogKind, () => Promise<TBatchResult>> = {
      transfer: () => call(r.transfer, { ids, toUserId: v.toUserId ?? 0, reason }),
      release: () => call(r.release, { ids, reason }),
      recycle: () => call(pool === 'public' ? r.recycle : r.privateRecycle, { ids, reason }),
      tags: () => call(r.updateTags, { ids, tagIds: v.tagIds ?? [], mode: v.mode ?? 'add' }),
      level: () => call(r.updateLevel, { ids, intentionLevel: v.intentionLevel ?? 'D' }),
      labelDeal: () =>
        call(r.updateLabelOrDeal, {
          ids,
          phoneLabel: v.phoneLabel === 'keep' ? undefined : v.phoneLabel === 'clear' ? null : v.phoneLabel,
          isDeal: v.isDeal === 'keep' ? undefined : v.isDeal === 'yes',
        }),
    };
    const result = await run(actionOf[dialog.kind], work[dialog.kind]());
    // Keep the dialog (and what was typed) when the server refused the whole request.
    if (result === null) throw new Error('refused');
  };

  const fields: Record<TBatchDialogKind, { title: string; body: ReactNode; initial?: TValues }> = {
    transfer: {
      title: c.transferTitle(n),
      body: (
        <>
          <Form.Item name="toUserId" label={c.transferTo} rules={[{ required: true, message: c.chooseReceiver }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={assignees.isLoading}
              options={(assignees.data ?? []).map((a) => ({
                value: a.userId,
                label: `${a.realName}${a.deptName ? `（${a.deptName}）` : ''} ${c.assigneeLoad(a.owned, a.maxOwned)}`,
              }))}
            />
          </Form.Item>
          {reasonItem}
        </>
      ),
    },
    release: { title: c.releaseTitle(n), body: reasonItem },
    recycle: {
      title: c.recycleTitle(n),
      body: (
        <>
          <Alert type="warning" showIcon title={c.recycleTip} style={{ marginBottom: 12 }} />
          {reasonItem}
        </>
      ),
    },
    tags: {
      title: c.tagTitle(n),
      initial: tagsInitial,
      body: (
        <>
          <Form.Item name="mode" label={c.tagMode}>
            <Radio.Group options={optionsOf(['add', 'remove', 'set'], c.tagModes)} />
          </Form.Item>
          <Form.Item name="tagIds" label={c.tags} rules={[{ required: true, message: c.chooseTags }]}>
            <Select mode="multiple" options={namedOptions(tags.data ?? [])} />
          </Form.Item>
        </>
      ),
    },
    level: {
      title: c.levelTitle(n),
      body: (
        <Form.Item name="intentionLevel" label={c.level} rules={[{ required: true, message: c.chooseLevel }]}>
          <Radio.Group options={levelOptions} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} />
        </Form.Item>
      ),
    },
    labelDeal: {
      title: c.labelDealTitle(n),
      initial: labelDealInitial,
      body: (
        <>
          <Form.Item name="phoneLabel" label={c.phoneLabel}>
            <Select
              options={[
                { value: 'keep', label: c.unchanged },
                { value: 'clear', label: c.clearLabel },
                ...phoneLabelOptions,
              ]}
            />
          </Form.Item>
          <Form.Item
            name="isDeal"
            label={c.deal}
            dependencies={['phoneLabel']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, value) =>
                  value === 'keep' && getFieldValue('phoneLabel') === 'keep'
                    ? Promise.reject(new Error(c.labelDealRequired))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Radio.Group options={[{ value: 'keep', label: c.unchanged }, ...yesNoOptions(c.dealt, c.notDealt)]} />
          </Form.Item>
        </>
      ),
    },
  };

  const shown = kind ? fields[kind] : null;
  return (
    <FormModal<TValues>
      open={dialog !== null}
      title={shown?.title ?? ''}
      initialValues={shown?.initial}
      fields={shown?.body ?? null}
      onSubmit={submit}
      onCancel={onClose}
      testId="crm-batch-dialog"
    />
  );
};
