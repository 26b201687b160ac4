import { callbackLineMode, Perm, softphoneLineMode, type TUsableLine } from '@yunhu/contract';
import { Select } from 'antd';
import * as t from '../../../locales/zh-CN';
import { usePermission } from '../../../shared/permission/usePermission';
import { pickLine, useUsableLines } from '../api';
import { useCallStore } from '../store';

const modeText = (mode: number) =>
  mode === softphoneLineMode
    ? t.call.lineModes.softphone
    : mode === callbackLineMode
      ? t.call.lineModes.callback
      : t.call.lineModes.app;

export const lineLabel = (l: TUsableLine) => `${l.lineName}（${modeText(l.lineMode)}）`;

/** 线路: the lines the user may dial on; the choice is kept in local storage (spec section 4). */
export const LinePicker = () => {
  const canDial = usePermission(Perm.callDial);
  const lines = useUsableLines(canDial);
  const storedId = useCallStore((s) => s.lineId);
  const setLineId = useCallStore((s) => s.setLineId);
  const current = pickLine(lines.data ?? [], storedId);
  if (!canDial) return null;
  return (
    <Select
      size="small"
      style={{ minWidth: 200 }}
      loading={lines.isLoading}
      placeholder={lines.data?.length === 0 ? t.call.noLine : t.call.pickLine}
      value={current?.lineId}
      onChange={(v: number) => setLineId(v)}
      options={(lines.data ?? []).map((l) => ({ value: l.lineId, label: lineLabel(l) }))}
      aria-label={t.call.line}
      data-testid="call-line-picker"
    />
  );
};
