import { appSoonLabel, appStateLabel, type TAppItem, type TAppState } from '@yunhu/contract';
import { Tag } from 'antd';

const colorOf: Record<TAppState, string> = {
  off: 'default',
  trial: 'orange',
  on: 'green',
  disabled: 'red',
  expired: 'volcano',
};

/** An add-on's state here, or 即将上线 for one not built. */
export const AppStateTag = ({ app }: { app: Pick<TAppItem, 'state' | 'isBuilt'> }) =>
  app.isBuilt ? (
    <Tag color={colorOf[app.state]} data-testid="app-state">
      {appStateLabel[app.state]}
    </Tag>
  ) : (
    <Tag color="purple" data-testid="app-state">
      {appSoonLabel}
    </Tag>
  );
