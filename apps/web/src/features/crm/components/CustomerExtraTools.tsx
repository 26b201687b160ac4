import { useQueryClient } from '@tanstack/react-query';
import { invalidateCustomers } from '../api';
import { ImportCustomersButton } from '../import/ImportCustomersButton';
import { CrmSettingsButton } from '../settings/CrmSettingsButton';

/** Import and settings: built by the import and settings parts of the CRM area, shown on the list. */
export const CustomerExtraTools = ({ hasImport }: { hasImport: boolean }) => {
  const client = useQueryClient();
  return (
    <>
      {hasImport && <ImportCustomersButton onDone={() => void invalidateCustomers(client)} />}
      <CrmSettingsButton />
    </>
  );
};
