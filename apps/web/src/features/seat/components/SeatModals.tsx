import { seatLimits } from '@yunhu/contract';
import { Form, Select, Typography } from 'antd';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { type TSeatRow, useLineOptions, useSeatActions, useStaffOptions } from '../api';

const s = t.seat;

/** Which dialog is open: assigning (a chosen free seat or any of a line), handing over, renewing. */
export type TSeatDialog =
  | { kind: 'assign'; seat?: TSeatRow }
  | { kind: 'handOver'; seat: TSeatRow }
  | { kind: 'renew'; ids: number[] }
  | null;

const StaffSelect = () => {
  const staff = useStaffOptions();
  return (
    <Form.Item name="userId" label={s.user} rules={[{ required: true, message: s.selectUser }]}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        options={staff.data ?? []}
        loading={staff.isLoading}
        placeholder={s.selectUser}
        data-testid="seat-user-select"
      />
    </Form.Item>
  );
};

export const SeatDialogs = ({ dialog, onClose }: { dialog: TSeatDialog; onClose: () => void }) => {
  const actions = useSeatActions();
  const lines = useLineOptions();
  const done = () => feedback.message.success(s.done);
  return (
    <>
      <FormModal<{ lineId: number; userId: number }>
        open={dialog?.kind === 'assign'}
        title={s.assignTitle}
        testId="seat-assign-modal"
        initialValues={dialog?.kind === 'assign' && dialog.seat ? { lineId: dialog.seat.lineId } : undefined}
        onCancel={onClose}
        onDone={done}
        onSubmit={(v) => actions.assign({ ...v, seatId: dialog?.kind === 'assign' ? dialog.seat?.id : undefined })}
        fields={
          <>
            <Typography.Paragraph type="secondary">{s.assignHint}</Typography.Paragraph>
            <Form.Item name="lineId" label={s.line} rules={[{ required: true, message: s.selectLine }]}>
              <Select
                options={lines.data ?? []}
                placeholder={s.selectLine}
                disabled={dialog?.kind === 'assign' && Boolean(dialog.seat)}
                data-testid="seat-line-select"
              />
            </Form.Item>
            <StaffSelect />
          </>
        }
      />
      <FormModal<{ userId: number }>
        open={dialog?.kind === 'handOver'}
        title={s.handOverTitle}
        testId="seat-handover-modal"
        onCancel={onClose}
        onDone={done}
        onSubmit={(v) =>
          dialog?.kind === 'handOver' ? actions.handOver({ id: dialog.seat.id, ...v }) : Promise.resolve()
        }
        fields={<StaffSelect />}
      />
      <FormModal<{ months: number }>
        open={dialog?.kind === 'renew'}
        title={s.renewTitle}
        testId="seat-renew-modal"
        initialValues={{ months: 1 }}
        onCancel={onClose}
        onDone={done}
        onSubmit={(v) => (dialog?.kind === 'renew' ? actions.renew(dialog.ids, v.months) : Promise.resolve())}
        fields={
          <>
            <Typography.Paragraph type="secondary">{s.renewHint}</Typography.Paragraph>
            <Form.Item name="months" label={s.months} rules={[{ required: true, message: s.selectMonths }]}>
              <Select
                options={seatLimits.renewalMonths.map((m) => ({ value: m, label: s.monthsOption(m) }))}
                data-testid="seat-months-select"
              />
            </Form.Item>
          </>
        }
      />
    </>
  );
};
