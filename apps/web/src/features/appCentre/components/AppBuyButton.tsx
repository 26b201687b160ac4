import { useQueryClient } from '@tanstack/react-query';
import { appOrderRoutes, type TAppItem, yuan } from '@yunhu/contract';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { call } from '../../../shared/http/api';
import { PayModal } from '../../trade';
import { appCentreKeys } from '../api';

/** 购买: one period of a priced add-on, ordered and paid by the order's QR code; on once paid. */
export const AppBuyButton = ({ app }: { app: TAppItem }) => {
  const client = useQueryClient();
  const [orderNo, setOrderNo] = useState<string | null>(null);
  const onClose = () => {
    setOrderNo(null);
    for (const key of [appCentreKeys.list, appCentreKeys.info, appCentreKeys.nav]) {
      void client.invalidateQueries({ queryKey: key });
    }
  };
  return (
    <>
      <ReclickButton
        type="primary"
        data-testid={`app-buy-${app.code}`}
        onClick={async () => setOrderNo((await call(appOrderRoutes.appBuy, { code: app.code })).orderNo)}
      >
        {t.appCentre.buy(yuan(app.priceFen), app.periodDays)}
      </ReclickButton>
      <PayModal orderNo={orderNo} kind="appSubscription" onClose={onClose} />
    </>
  );
};
