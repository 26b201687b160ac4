import type { ReactNode } from 'react';
import { FormModal } from './FormModal';
import { ReasonField, type TReasonFieldProps } from './ReasonField';

type TReasonModalProps = Pick<TReasonFieldProps, 'label' | 'requiredMessage' | 'placeholder' | 'minLength'> & {
  open: boolean;
  title: ReactNode;
  okText?: string;
  testId?: string;
  /** Runs the refusal (or closing) with the reason written; the dialog closes when it succeeds. */
  onSubmit: (reason: string) => Promise<unknown>;
  onCancel: () => void;
  /** After the dialog closed on success (to say what happened). */
  onDone?: () => void;
};

/** A dialog that asks for the written reason of a refusal or a closing (ReasonField's rule), then runs it. */
export const ReasonModal = ({
  label,
  requiredMessage,
  placeholder,
  minLength,
  onSubmit,
  ...modal
}: TReasonModalProps) => (
  <FormModal<{ reason: string }>
    {...modal}
    onSubmit={({ reason }) => onSubmit(reason)}
    fields={
      <ReasonField label={label} requiredMessage={requiredMessage} placeholder={placeholder} minLength={minLength} />
    }
  />
);
