import { Perm } from '@yunhu/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { lazyComponent } from '../../../shared/lazyComponent';
import { Permission } from '../../../shared/permission/Permission';
import type { TImportKind } from './ImportModal';

// The import dialog (upload, progress) loads when opened, not with the customer list.
const CrmImportModal = lazyComponent(() => import('./ImportModal'), 'CrmImportModal');

/** 导入客户 and 导入跟进记录 for a list toolbar; `onDone` refreshes the list once an import finished. */
export const ImportCustomersButton = ({ onDone }: { onDone: () => void }) => {
  const [kind, setKind] = useState<TImportKind | null>(null);
  return (
    <Permission value={Perm.customerImport}>
      <Space>
        <Button onClick={() => setKind('customer')} data-testid="crm-import-customers">
          {t.crmImport.importCustomers}
        </Button>
        <Button onClick={() => setKind('follow')} data-testid="crm-import-follows">
          {t.crmImport.importFollows}
        </Button>
      </Space>
      {kind && <CrmImportModal kind={kind} open onClose={() => setKind(null)} onDone={onDone} />}
    </Permission>
  );
};
