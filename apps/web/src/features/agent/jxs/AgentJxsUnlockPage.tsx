import { useQueryClient } from '@tanstack/react-query';
import { agentRoutes, JxsPerm, jxsLeadStatuses, jxsLeadStatusLabel, type TJxsLead } from '@yunhu/contract';
import { AutoComplete, Button, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { namedOptions, optionsOf } from '../../../shared/form/options';
import { requiredText } from '../../../shared/form/rules';
import { call } from '../../../shared/http/api';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { jxsUnlockPageKey, useIndustries, useJxsEnterprises } from './jxsApi';

const s = t.agentJxs;
type TLeadForm = { companyName: string; contactName?: string; mobile: string; industry?: string; region?: string };

const columns: TListColumn<TJxsLead>[] = [
  ...fieldColumns<TJxsLead>({
    companyName: s.companyName,
    contactName: s.contactName,
    mobile: s.mobile,
    industry: s.industry,
    region: s.region,
    distributorName: s.distributor,
  }),
  tagColumn(s.leadStatus, 'status', { labels: jxsLeadStatusLabel, colors: { moved: 'green', new: 'blue' } }),
  { key: 'enterpriseName', title: s.enterprise, dataIndex: 'enterpriseName', render: (v: string | null) => v ?? '-' },
  timeColumn(s.movedAt, { key: 'movedAt', empty: '-' }),
  timeColumn(s.unlockedAt, { empty: '-' }),
];

/** 解锁名单 (agent/jxs-unlock): leads a distributor unlocked, moved once into an enterprise's CRM, exported, deleted. */
export const AgentJxsUnlockPage = () => {
  const client = useQueryClient();
  const [isAdding, setAdding] = useState(false);
  const [moving, setMoving] = useState<{ rows: TJxsLead[]; clear: () => void } | null>(null);
  const [enterpriseId, setEnterpriseId] = useState<number | undefined>();
  const enterprises = useJxsEnterprises(moving !== null);
  const industries = useIndustries(isAdding);
  const refresh = () => client.invalidateQueries({ queryKey: [jxsUnlockPageKey] });
  const onAdd = async (v: TLeadForm) => {
    await call(agentRoutes.jxsUnlockAdd, {
      companyName: v.companyName,
      contactName: v.contactName ?? '',
      mobile: v.mobile,
      industry: v.industry ?? '',
      region: v.region ?? '',
    });
    feedback.message.success(s.saved);
    await refresh();
  };
  const onMove = async () => {
    if (!moving || enterpriseId === undefined) return feedback.message.warning(s.chooseEnterprise);
    const result = await call(agentRoutes.jxsUnlockMoveCrm, {
      ids: moving.rows.map((r) => r.id),
      enterpriseId,
    }).catch(() => null);
    if (!result) return;
    feedback.message.success(s.moved(result.moved, result.alreadyMoved, result.refused.length), 8);
    if (result.refused.length > 0) {
      Modal.warning({
        title: s.refusedTitle,
        content: result.refused.map((r) => (
          <div key={r.id}>
            {r.companyName}：{r.reason}
          </div>
        )),
      });
    }
    moving.clear();
    setMoving(null);
    await refresh();
  };
  const onDelete = (rows: TJxsLead[], clear: () => void) =>
    call(agentRoutes.jxsUnlockDelete, { ids: rows.map((r) => r.id) })
      .then(() => {
        feedback.message.success(s.deleted);
        clear();
        return refresh();
      })
      .catch(() => undefined);
  return (
    <>
      <ListPage
        pageKey={jxsUnlockPageKey}
        title={s.unlock}
        hint={s.unlockHint}
        route={agentRoutes.jxsUnlockPage}
        columns={columns}
        export={{ route: agentRoutes.jxsUnlockExport, permission: JxsPerm.unlock }}
        filters={
          <>
            <TextFilter name="companyName" label={s.companyName} placeholder={s.companyPlaceholder} width={180} />
            <TextFilter name="mobile" label={s.mobile} width={140} />
            <SelectFilter
              placeholder=""
              name="status"
              label={s.leadStatus}
              options={optionsOf(jxsLeadStatuses, jxsLeadStatusLabel)}
            />
          </>
        }
        toolbar={
          <Button type="primary" onClick={() => setAdding(true)} data-testid="jxs-lead-add">
            {s.addLead}
          </Button>
        }
        batchActions={(rows, clear) => (
          <Space>
            <Button onClick={() => setMoving({ rows, clear })} data-testid="jxs-move-crm">
              {s.moveCrm}
            </Button>
            <Popconfirm title={s.deleteConfirm(rows.length)} onConfirm={() => onDelete(rows, clear)}>
              <Button danger>{s.delete}</Button>
            </Popconfirm>
          </Space>
        )}
      />
      <Modal open={moving !== null} title={s.moveCrm} onOk={onMove} onCancel={() => setMoving(null)} destroyOnHidden>
        <Select
          style={{ width: '100%' }}
          placeholder={s.chooseEnterprise}
          value={enterpriseId}
          onChange={setEnterpriseId}
          loading={enterprises.isLoading}
          options={namedOptions(enterprises.data ?? [])}
          data-testid="jxs-move-enterprise"
        />
      </Modal>
      <FormModal<TLeadForm>
        open={isAdding}
        title={s.addLead}
        onSubmit={onAdd}
        onCancel={() => setAdding(false)}
        testId="jxs-lead-form"
        fields={
          <>
            <Form.Item name="companyName" label={s.companyName} rules={requiredText(s.companyName)}>
              <Input />
            </Form.Item>
            <Form.Item name="contactName" label={s.contactName}>
              <Input />
            </Form.Item>
            <Form.Item name="mobile" label={s.mobile} rules={requiredText(s.mobile)}>
              <Input />
            </Form.Item>
            <Form.Item name="industry" label={s.industry}>
              <AutoComplete
                options={(industries.data ?? []).map((i) => ({ value: i.label }))}
                filterOption={(input, option) => String(option?.value ?? '').includes(input)}
              />
            </Form.Item>
            <Form.Item name="region" label={s.region}>
              <Input />
            </Form.Item>
          </>
        }
      />
    </>
  );
};
