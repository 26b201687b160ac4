import { AppCentrePerm, type TAppItem } from '@yunhu/contract';
import { App, Button } from 'antd';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { Permission } from '../../../shared/permission/Permission';
import { useSwitchApp } from '../api';

/** 开通 or 停用 (an administrator's); 停用 asks first, since it takes the add-on away from everyone. */
export const AppSwitchButton = ({ app }: { app: TAppItem }) => {
  const switchApp = useSwitchApp();
  const { modal } = App.useApp();
  if (!app.isBuilt) return null;
  const isOn = app.state === 'on' || app.state === 'trial';
  const run = async (next: boolean) => {
    await switchApp.mutateAsync({ code: app.code, isOn: next });
    feedback.message.success(next ? t.appCentre.switchedOn(app.name) : t.appCentre.switchedOff(app.name));
  };
  return (
    <Permission value={AppCentrePerm.manage}>
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
        <Button
          type="primary"
          loading={switchApp.isPending}
          data-testid={`app-on-${app.code}`}
          onClick={() => void run(true).catch(() => undefined)}
        >
          {t.appCentre.turnOn}
        </Button>
      )}
    </Permission>
  );
};
