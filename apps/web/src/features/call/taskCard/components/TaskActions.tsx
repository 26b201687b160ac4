import { Perm, type TTaskCard } from '@yunhu/contract';
import { Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../../locales/zh-CN';
import { RowAction } from '../../../../shared/list/RowAction';
import { closingEitherWay } from '../../../../shared/list/useConfirmAction';
import { useApp } from '../../../../shared/modal/useApp';
import { Permission } from '../../../../shared/permission/Permission';
import { useSetTaskStatus } from '../api';

const c = t.taskCard;

/** A task's row actions: details, settings, pause / resume, close. */
export const TaskActions = ({ task }: { task: TTaskCard }) => {
  const navigate = useNavigate();
  const { modal } = useApp();
  const setStatus = useSetTaskStatus();
  const isOpen = task.status !== 'closed';
  const onClose = () =>
    modal.confirm({
      title: c.close,
      content: c.closeConfirm(task.name),
      onOk: closingEitherWay(() => setStatus.mutateAsync({ id: task.id, status: 'closed' })),
    });
  return (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      <RowAction onClick={() => navigate(`/menu/taskCard/Info?id=${task.id}`)}>{c.detail}</RowAction>
      {isOpen && (
        <Permission value={Perm.taskCardManage}>
          <RowAction onClick={() => navigate(`/menu/taskCard/Attribute?id=${task.id}`)}>{c.edit}</RowAction>
          <RowAction
            onClick={() => setStatus.mutate({ id: task.id, status: task.status === 'running' ? 'paused' : 'running' })}
          >
            {task.status === 'running' ? c.pause : c.resume}
          </RowAction>
          <RowAction isDanger onClick={onClose}>
            {c.close}
          </RowAction>
        </Permission>
      )}
    </Space>
  );
};
