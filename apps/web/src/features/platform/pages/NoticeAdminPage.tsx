import { PlatformPerm, platformContentRoutes, type TPublishedNotice } from '@yunhu/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { NoticeFormModal } from '../../../shared/form/NoticeFormModal';
import { TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { usePermission } from '../../../shared/permission/usePermission';
import { contentKeys, useDeleteNotices, useEnterpriseOptions, usePublishNotice } from '../contentApi';

const c = t.platformContent;
const publishText = {
  publish: c.publish,
  published: c.published,
  audience: c.audience,
  chooseTargets: c.chooseTargets,
};

/** 通知管理 (platform operator): notices to every enterprise or to chosen ones; they show in each user's bell. */
export const NoticeAdminPage = () => {
  const { modal } = useApp();
  const [isPublishing, setPublishing] = useState(false);
  const publish = usePublishNotice();
  const remove = useDeleteNotices();
  const canDelete = usePermission(PlatformPerm.noticeDelete);
  const enterprises = useEnterpriseOptions(isPublishing);

  const confirmDelete = (ids: number[], title: string, clear?: () => void) =>
    modal.confirm({
      title,
      okText: c.delete,
      okButtonProps: { danger: true },
      cancelText: t.common.cancel,
      onOk: closingEitherWay(async () => {
        await remove.mutateAsync(ids);
        feedback.message.success(c.deleted);
        clear?.();
      }),
    });

  const columns: TListColumn<TPublishedNotice>[] = [
    { key: 'title', title: c.noticeTitle, dataIndex: 'title', width: 220 },
    { key: 'content', title: c.noticeContent, dataIndex: 'content', ellipsis: true, width: 320 },
    {
      key: 'audience',
      title: c.targets,
      render: (_v, n) =>
        n.audience === 'all' ? (
          <Tag color="blue">{c.audienceAll}</Tag>
        ) : (
          n.targets.map((e) => <Tag key={e.id}>{e.name}</Tag>)
        ),
    },
    { key: 'publisher', title: c.publisher, dataIndex: 'publisher' },
    { key: 'readCount', title: c.readCount, dataIndex: 'readCount' },
    timeColumn(c.publishedAt),
    ...actionsColumn<TPublishedNotice>(canDelete, c.actions, (n) => (
      <RowAction isDanger onClick={() => confirmDelete([n.id], c.deleteConfirm(n.title))}>
        {c.delete}
      </RowAction>
    )),
  ];

  return (
    <>
      <ListPage
        pageKey={contentKeys.notices}
        title={c.notices}
        route={platformContentRoutes.noticePage}
        columns={columns}
        toolbar={
          <Permission value={PlatformPerm.noticePublish}>
            <Button type="primary" onClick={() => setPublishing(true)}>
              {c.publish}
            </Button>
          </Permission>
        }
        batchActions={(rows, clear) => (
          <Permission value={PlatformPerm.noticeDelete}>
            <Button
              danger
              disabled={!rows.length}
              onClick={() =>
                confirmDelete(
                  rows.map((n) => n.id),
                  c.batchDeleteConfirm(rows.length),
                  clear,
                )
              }
            >
              {c.batchDelete}
            </Button>
          </Permission>
        )}
        filters={<TextFilter name="title" label={c.noticeTitle} width={180} />}
      />
      <NoticeFormModal
        open={isPublishing}
        onClose={() => setPublishing(false)}
        testId="notice-publish"
        text={publishText}
        chosenValue="tenants"
        targets={enterprises}
        onPublish={({ targetIds, ...notice }) => publish.mutateAsync({ ...notice, tenantIds: targetIds })}
      />
    </>
  );
};
