import {
  qualityRuleKindName,
  qualityRuleKinds,
  qualitySideName,
  qualitySides,
  type TQualityRule,
  type TQualityRuleDef,
  type TQualityRuleKind,
  type TQualitySide,
} from '@yunhu/contract';
import { Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { EditableTable } from '../../../shared/list/EditableTable';
import { enabledColumn } from '../../../shared/list/enabledColumn';
import { useApp } from '../../../shared/modal/useApp';
import { useQualityActions, useQualityRules } from '../api';

const c = t.callAnalysis.settings;

/** The rule form's flat values; the kind decides which of them the rule keeps. */
type TRuleForm = {
  name: string;
  isEnabled: boolean;
  kind: TQualityRuleKind;
  words?: string[];
  side?: TQualitySide;
  withinSec?: number | null;
  overSec?: number;
  minPercent?: number | null;
  maxPercent?: number | null;
  over?: number;
};

const ruleOf = (v: TRuleForm): TQualityRuleDef => {
  switch (v.kind) {
    case 'keyword':
    case 'forbidden':
      return { kind: v.kind, words: v.words ?? [], side: v.side ?? 'agent' };
    case 'required':
      return { kind: 'required', words: v.words ?? [], withinSec: v.withinSec ?? null };
    case 'silence':
      return { kind: 'silence', overSec: v.overSec ?? 0 };
    case 'talkShare':
      return { kind: 'talkShare', minPercent: v.minPercent ?? null, maxPercent: v.maxPercent ?? null };
    default:
      return { kind: 'interruptions', side: v.side ?? 'agent', over: v.over ?? 0 };
  }
};

const formOf = (r: TQualityRule): TRuleForm => ({ name: r.name, isEnabled: r.isEnabled, ...r.rule });

/** A rule's condition in words, for the list. */
export const conditionOf = (rule: TQualityRuleDef): string => {
  switch (rule.kind) {
    case 'keyword':
    case 'forbidden':
      return `${qualitySideName[rule.side]}说：${rule.words.join('、')}`;
    case 'required':
      return `坐席${rule.withinSec ? `在前 ${rule.withinSec} 秒内` : ''}说：${rule.words.join(' / ')}`;
    case 'silence':
      return `静默超过 ${rule.overSec} 秒`;
    case 'talkShare':
      return [
        rule.minPercent !== null && `低于 ${rule.minPercent}%`,
        rule.maxPercent !== null && `高于 ${rule.maxPercent}%`,
      ]
        .filter(Boolean)
        .join(' 或 ');
    case 'interruptions':
      return `${qualitySideName[rule.side]}抢话超过 ${rule.over} 次`;
  }
};

const sideOptions = qualitySides.map((s) => ({ value: s, label: qualitySideName[s] }));
const words = (
  <Form.Item name="words" label={c.words} rules={[{ required: true, message: c.words }]}>
    <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} aria-label={c.words} />
  </Form.Item>
);
const side = (
  <Form.Item name="side" label={c.side} initialValue="agent">
    <Select options={sideOptions} aria-label={c.side} />
  </Form.Item>
);

/** The fields of a rule's kind. */
const KindFields = ({ kind }: { kind: TQualityRuleKind | undefined }) => {
  switch (kind) {
    case 'keyword':
    case 'forbidden':
      return (
        <>
          {words}
          {side}
        </>
      );
    case 'required':
      return (
        <>
          {words}
          <Form.Item name="withinSec" label={c.withinSec}>
            <InputNumber min={1} max={3600} style={{ width: '100%' }} />
          </Form.Item>
        </>
      );
    case 'silence':
      return (
        <Form.Item name="overSec" label={c.overSec} rules={[{ required: true, message: c.overSec }]}>
          <InputNumber min={1} max={3600} style={{ width: '100%' }} aria-label={c.overSec} />
        </Form.Item>
      );
    case 'talkShare':
      return (
        <>
          <Form.Item name="minPercent" label={c.minPercent}>
            <InputNumber min={0} max={100} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="maxPercent" label={c.maxPercent}>
            <InputNumber min={0} max={100} style={{ width: '100%' }} />
          </Form.Item>
        </>
      );
    case 'interruptions':
      return (
        <>
          {side}
          <Form.Item name="over" label={c.over} rules={[{ required: true, message: c.over }]}>
            <InputNumber min={0} max={100} style={{ width: '100%' }} />
          </Form.Item>
        </>
      );
    default:
      return null;
  }
};

const ruleFields = (
  <>
    <Form.Item name="name" label={c.name} rules={[{ required: true, message: c.name }]}>
      <Input maxLength={30} aria-label={c.name} />
    </Form.Item>
    <Form.Item name="kind" label={c.kind} rules={[{ required: true, message: c.kind }]}>
      <Select
        options={qualityRuleKinds.map((k) => ({ value: k, label: qualityRuleKindName[k] }))}
        aria-label={c.kind}
      />
    </Form.Item>
    <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind}>
      {({ getFieldValue }) => <KindFields kind={getFieldValue('kind')} />}
    </Form.Item>
    <Form.Item name="isEnabled" label={c.enabled} valuePropName="checked" initialValue={true}>
      <Switch />
    </Form.Item>
  </>
);

const ruleTexts = {
  add: `${c.add}${c.rulesTab}`,
  editTitle: `${c.edit}${c.rulesTab}`,
  edit: c.edit,
  delete: c.remove,
  actions: c.actions,
};
const ruleInitial = (row: TQualityRule | null): Partial<TRuleForm> => (row ? formOf(row) : { isEnabled: true });

/** 质检规则: the enterprise's rules, added, changed, switched and deleted in place. */
export const QualityRules = () => {
  const { message } = useApp();
  const { data = [], isLoading } = useQualityRules();
  const { saveRule, deleteRule } = useQualityActions();
  return (
    <EditableTable<TQualityRule, TRuleForm>
      testId="quality-rules"
      rows={data}
      isLoading={isLoading}
      texts={ruleTexts}
      fields={() => ruleFields}
      toInitial={ruleInitial}
      onSave={(v, row) =>
        saveRule
          .mutateAsync({ id: row?.id, name: v.name, isEnabled: v.isEnabled, rule: ruleOf(v) })
          .then(() => message.success(c.saved))
      }
      onDelete={(row) => deleteRule.mutateAsync(row.id).then(() => message.success(c.removed))}
      deleteConfirm={() => c.removeConfirm}
      columns={[
        { key: 'name', title: c.name, dataIndex: 'name' },
        { key: 'kind', title: c.kind, render: (_v, r) => <Tag>{qualityRuleKindName[r.rule.kind]}</Tag> },
        { key: 'condition', title: c.condition, render: (_v, r) => conditionOf(r.rule) },
        enabledColumn<TQualityRule>(c.enabled, {
          ariaLabel: (r) => `${c.enabled}${r.name}`,
          onChange: (r, isEnabled) => saveRule.mutate({ id: r.id, name: r.name, isEnabled, rule: r.rule }),
        }),
      ]}
    />
  );
};
