import { PlatformPerm } from '@yunhu/contract';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { RowAction } from '../../../shared/list/RowAction';
import { Permission } from '../../../shared/permission/Permission';

/** Opens an enterprise's details and contract (platform/enterpriseDetail). */
export const EnterpriseDetailLink = ({ id }: { id: number }) => {
  const navigate = useNavigate();
  return (
    <Permission value={PlatformPerm.contractView}>
      <RowAction onClick={() => navigate(`/menu/platform/enterpriseDetail?id=${id}`)}>
        {t.platformContent.detailLink}
      </RowAction>
    </Permission>
  );
};
