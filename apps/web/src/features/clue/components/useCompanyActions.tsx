import { CluePerm } from '@yunhu/contract';
import { Button } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { usePermission } from '../../../shared/permission/usePermission';
import { CompanyDrawer } from './CompanyDrawer';
import { ConvertModal } from './ConvertModal';

const c = t.clue;

/**
 * What a list of companies does with them: open one (the drawer) and convert the chosen ones
 * (`convertible` picks those that may be), with the drawer and the dialog to render beside the list.
 */
export const useCompanyActions = <T,>(convertible: (rows: T[]) => number[]) => {
  const [openId, setOpenId] = useState<number | null>(null);
  const [converting, setConverting] = useState<number[] | null>(null);
  const canConvert = usePermission(CluePerm.convert);
  const onConvert = (rows: T[]) => {
    const ids = convertible(rows);
    if (ids.length === 0) return feedback.message.warning(c.convertOnlyUnlocked);
    setConverting(ids);
  };
  const batchActions = canConvert
    ? (rows: T[]) => (
        <Button disabled={rows.length === 0} onClick={() => onConvert(rows)} data-testid="clue-convert">
          {c.convertSelected}
        </Button>
      )
    : undefined;
  const overlays = (
    <>
      <CompanyDrawer id={openId} onClose={() => setOpenId(null)} onConvert={setConverting} />
      <ConvertModal ids={converting} onClose={() => setConverting(null)} />
    </>
  );
  return { open: setOpenId, batchActions, overlays };
};
