import { type TWebhookEndpoint, type TWebhookSave, webhookEventLabel, webhookEventTypes } from '@yunhu/contract';
import { Checkbox, Form, Input, Switch } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { optionsOf } from '../../../shared/form/options';
import { useSaveEndpoint } from '../api';

const c = t.integration;
const eventOptions = optionsOf(webhookEventTypes, webhookEventLabel);

/** `undefined`: closed; null: a new endpoint; a row: that endpoint changed. */
export type TEndpointEditing = TWebhookEndpoint | null | undefined;

/** 添加端点 / 编辑端点: the receiver's address, a description, the events it hears, on or off. */
export const EndpointFormModal = ({ editing, onClose }: { editing: TEndpointEditing; onClose: () => void }) => {
  const save = useSaveEndpoint();
  return (
    <FormModal<TWebhookSave>
      open={editing !== undefined}
      title={editing ? c.editEndpoint : c.addEndpoint}
      testId="webhook-endpoint-form"
      initialValues={
        editing
          ? {
              url: editing.url,
              description: editing.description,
              events: editing.events as TWebhookSave['events'],
              isEnabled: editing.isEnabled,
            }
          : { events: ['call.finished'], isEnabled: true }
      }
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, id: editing?.id });
        feedback.message.success(c.saved);
      }}
      onCancel={onClose}
      fields={
        <>
          <Form.Item name="url" label={c.url} rules={[{ required: true, message: c.urlRequired }]}>
            <Input placeholder={c.urlPlaceholder} maxLength={500} data-testid="webhook-url" />
          </Form.Item>
          <Form.Item name="description" label={c.description}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="events" label={c.events} rules={[{ required: true, message: c.eventsRequired }]}>
            <Checkbox.Group options={eventOptions} />
          </Form.Item>
          <Form.Item name="isEnabled" label={c.isEnabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
};
