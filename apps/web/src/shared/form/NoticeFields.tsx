import { Form, Input, Radio, Select } from 'antd';
import * as t from '../../locales/zh-CN';
import { namedOptions } from './options';
import { requiredText } from './rules';

const common = t.common.notice;

/** What the two screens word differently; the rest is `t.common.notice`. */
export type TNoticeFieldsText = { audience: string; chooseTargets: string };

/** The query of the enterprises one may address. */
export type TNoticeTargets = { data?: { records: { id: number; name: string }[] }; isLoading: boolean };

type TNoticeFieldsProps = {
  text: TNoticeFieldsText;
  /** The audience value that means "chosen ones", as the route names it; they stand in `targetIds`. */
  chosenValue: string;
  targets: TNoticeTargets;
};

/**
 * A notice's fields (title, content, to everyone or to chosen ones): the platform's 通知管理 and an
 * agent's 公告 publish the same kind of notice to different audiences.
 */
export const NoticeFields = ({ text: own, chosenValue, targets }: TNoticeFieldsProps) => {
  const text = { ...common, ...own };
  return (
    <>
      <Form.Item name="title" label={text.title} rules={requiredText(text.title)}>
        <Input maxLength={60} showCount />
      </Form.Item>
      <Form.Item name="content" label={text.content} rules={requiredText(text.content)}>
        <Input.TextArea maxLength={2000} rows={4} showCount />
      </Form.Item>
      <Form.Item name="audience" label={text.audience}>
        <Radio.Group
          options={[
            { value: 'all', label: text.audienceAll },
            { value: chosenValue, label: text.audienceChosen },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['audience']}>
        {({ getFieldValue }) =>
          getFieldValue('audience') === chosenValue && (
            <Form.Item name="targetIds" label={text.targets} rules={[{ required: true, message: text.chooseTargets }]}>
              <Select
                mode="multiple"
                showSearch
                optionFilterProp="label"
                loading={targets.isLoading}
                options={namedOptions(targets.data?.records ?? [])}
              />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
};
