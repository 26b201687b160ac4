import { useQueryClient } from '@tanstack/react-query';
import { Space } from 'antd';
import { invalidateCustomers } from '../api';
import { ImportCustomersButton } from '../import/ImportCustomersButton';
import { CrmSettingsButton } from '../settings/CrmSettingsButton';

/** Import and settings: built by the import and settings parts of the CRM area, shown on the list. */
export const CustomerExtraTools = ({ hasImport }: { hasImport: boolean }) => {
  const client = useQueryClient();
  return (
    // Spaced like the toolbar's other buttons: 导入跟进记录 and 我的快捷回复 touched.
    <Space wrap>
      {hasImport && <ImportCustomersButton onDone={() => void invalidateCustomers(client)} />}
      <CrmSettingsButton />
    </Space>
  );
};
