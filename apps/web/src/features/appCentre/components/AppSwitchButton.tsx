import { AppCentrePerm, type TAppItem } from '@yunhu/contract';
import { Button, Space } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { useSwitchApp, useTrialApp } from '../api';
import { AppBuyButton } from './AppBuyButton';

/** 免费试用 of a priced add-on the enterprise has not tried (once per enterprise). */
const TrialButton = ({ app }: { app: TAppItem }) => {
  const trial = useTrialApp();
  return (
    <Button
      loading={trial.isPending}
      data-testid={`app-trial-${app.code}`}
      onClick={() =>
        void trial
          .mutateAsync({ code: app.code })
          .then(() => feedback.message.success(t.appCentre.trialStarted(app.name)))
          .catch(() => undefined)
      }
    >
      {t.appCentre.trialDays(app.trialDays)}
    </Button>
  );
};

/**
 * 开通 or 停用 (an administrator's), 免费试用 where the add-on offers one, 购买 of a priced one
 * (开通 then only resumes a period not yet over); 停用 asks first, since it takes the add-on away
 * from everyone.
 */
export const AppSwitchButton = ({ app }: { app: TAppItem }) => {
  const switchApp = useSwitchApp();
  const { modal } = useApp();
  if (!app.isBuilt) return null;
  const isOn = app.state === 'on' || app.state === 'trial';
  const isPaidFor = app.priceFen === 0 || (app.endsAt !== null && app.endsAt > Date.now());
  const run = async (next: boolean) => {
    await switchApp.mutateAsync({ code: app.code, isOn: next });
    feedback.message.success(next ? t.appCentre.switchedOn(app.name) : t.appCentre.switchedOff(app.name));
  };
  return (
    <Permission value={AppCentrePerm.manage}>
      <Space>
        {isOn ? (
          <Button
            danger
            data-testid={`app-off-${app.code}`}
            onClick={() =>
              modal.confirm({
                title: t.appCentre.offConfirm(app.name),
                okText: t.appCentre.turnOff,
                cancelText: t.common.cancel,
                onOk: closingEitherWay(() => run(false)),
              })
            }
          >
            {t.appCentre.turnOff}
          </Button>
        ) : (
          isPaidFor && (
            <Button
              type="primary"
              loading={switchApp.isPending}
              data-testid={`app-on-${app.code}`}
              onClick={() => void run(true).catch(() => undefined)}
            >
              {t.appCentre.turnOn}
            </Button>
          )
        )}
        {app.priceFen > 0 && !(isOn && app.endsAt === null) && <AppBuyButton app={app} />}
        {app.canTrial && <TrialButton app={app} />}
      </Space>
    </Permission>
  );
};
