import { lineRoutes, Perm } from '@yunhu/contract';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { useEditModal } from '../../../shared/form/useEditModal';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { useConfirmAction } from '../../../shared/list/useConfirmAction';
import { Permission } from '../../../shared/permission/Permission';
import { usePermission } from '../../../shared/permission/usePermission';
import { useLineOptions } from '../../seat';
import { callerPageKey, type TCallerNumberInput, type TNumberRow, useNumberActions } from '../api';

const l = t.line;

/** 外显号码 (userdata/mobiles): the enterprise's own caller numbers, per line. */
export const CallerNumberPage = () => {
  const canChange = usePermission(Perm.callerNumberUpdate);
  const actions = useNumberActions();
  const lines = useLineOptions();
  const { confirm, node } = useConfirmAction();
  const form = useEditModal<TNumberRow>();
  const remove = (rows: TNumberRow[], clear?: () => void) =>
    confirm(l.deleteConfirm(rows.length), () => actions.remove(rows.map((r) => r.id)), {
      isDanger: true,
      onDone: clear,
    });
  const columns: TListColumn<TNumberRow>[] = [
    ...fieldColumns<TNumberRow>({ number: l.number, lineName: l.name, remark: l.remark }),
    {
      key: 'userName',
      title: l.holder,
      dataIndex: 'userName',
      render: (n: string | null) => (n ? n : <Tag>{l.numberState.free}</Tag>),
    },
    timeColumn(l.createdAt),
    ...actionsColumn<TNumberRow>(canChange, t.seat.actions, (row) => (
      <Space size={4}>
        <RowAction onClick={() => form.openEdit(row)}>{l.edit}</RowAction>
        <RowAction isDanger onClick={() => remove([row])}>
          {l.delete}
        </RowAction>
      </Space>
    )),
  ];
  const current = form.modal.editing;
  return (
    <>
      <ListPage
        pageKey={callerPageKey}
        title={l.callerTitle}
        route={lineRoutes.callerNumberList}
        columns={columns}
        toolbar={
          <Permission value={Perm.callerNumberUpdate}>
            <Button type="primary" onClick={form.openNew} data-testid="caller-add">
              {l.add}
            </Button>
          </Permission>
        }
        batchActions={
          canChange
            ? (rows, clear) => (
                <ReclickButton danger disabled={!rows.length} onClick={() => remove(rows, clear)}>
                  {l.delete}
                </ReclickButton>
              )
            : undefined
        }
        filters={
          <>
            <TextFilter name="number" label={l.number} placeholder={l.numberPlaceholder} />
            <SelectFilter width={160} name="lineId" label={l.name} options={lines.data ?? []} />
          </>
        }
      />
      <FormModal<TCallerNumberInput>
        open={form.modal.open}
        title={current ? l.editTitle : l.addTitle}
        testId="caller-modal"
        initialValues={current ? { lineId: current.lineId, number: current.number, remark: current.remark } : undefined}
        onCancel={form.modal.onClose}
        onDone={() => feedback.message.success(l.done)}
        onSubmit={(v) => (current ? actions.edit({ ...v, id: current.id }) : actions.add(v))}
        fields={
          <>
            <Form.Item name="lineId" label={l.name} rules={[{ required: true, message: l.selectLine }]}>
              <Select options={lines.data ?? []} placeholder={l.selectLine} data-testid="caller-line" />
            </Form.Item>
            <Form.Item
              name="number"
              label={l.number}
              extra={l.numberHint}
              rules={[{ required: true, message: l.numberRequired }]}
            >
              <Input maxLength={30} data-testid="caller-number" />
            </Form.Item>
            <Form.Item name="remark" label={l.remark}>
              <Input maxLength={100} placeholder={l.remarkPlaceholder} />
            </Form.Item>
          </>
        }
      />
      {node}
    </>
  );
};
