import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { feedback } from '../feedback';
import { FormModal } from './FormModal';
import { NoticeFields, type TNoticeFieldsText, type TNoticeTargets } from './NoticeFields';

/** A notice as the dialog hands it over: to everyone (no ids) or to the chosen enterprises. */
export type TNotice<A extends string> = { title: string; content: string; audience: 'all' | A; targetIds: number[] };

type TValues<A extends string> = Omit<TNotice<A>, 'targetIds'> & { targetIds?: number[] };

// One object for every render: FormModal resets its fields whenever initialValues changes.
const defaults = { audience: 'all' } as const;

type TNoticeFormModalProps<A extends string> = {
  open: boolean;
  onClose: () => void;
  testId: string;
  text: TNoticeFieldsText & { publish: string; published: string };
  /** The audience value that means "chosen ones", as the route names it. */
  chosenValue: A;
  targets: TNoticeTargets;
  /** A note above the fields: who reads the notice and where. */
  hint?: ReactNode;
  onPublish: (notice: TNotice<A>) => Promise<unknown>;
};

/** The publish dialog of a notice (the platform's 通知, an agent's 公告); says so once it is published. */
export const NoticeFormModal = <A extends string>({
  text,
  chosenValue,
  targets,
  hint,
  ...props
}: TNoticeFormModalProps<A>) => (
  <FormModal<TValues<A>>
    open={props.open}
    title={text.publish}
    okText={text.publish}
    testId={props.testId}
    initialValues={defaults}
    onCancel={props.onClose}
    onSubmit={async ({ targetIds, ...notice }) => {
      await props.onPublish({ ...notice, targetIds: notice.audience === 'all' ? [] : (targetIds ?? []) });
      feedback.message.success(text.published);
    }}
    fields={
      <>
        {hint && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={hint} />}
        <NoticeFields text={text} chosenValue={chosenValue} targets={targets} />
      </>
    }
  />
);
