import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { sectionKindLabel, sectionKinds, type TSectionKind } from '@yunhu/contract';
import { Button, Card, Dropdown, Form, Input, Select, Space } from 'antd';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';

const c = t.resource;

/** A new part of the given kind, its heading the kind's name; an objection part starts with one pair. */
export const newSection = (kind: TSectionKind) => ({
  kind,
  heading: sectionKindLabel[kind],
  text: '',
  pairs: kind === 'objection' ? [{ question: '', answer: '' }] : [],
});

/** The question → answer pairs of one part. */
const Pairs = ({ section }: { section: number }) => (
  <Form.List name={[section, 'pairs']}>
    {(pairs, { add, remove }) => (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {pairs.map((pair, i) => (
          <Space key={pair.key} align="start" style={{ width: '100%' }} data-testid={`pair-${section}-${i}`}>
            <Form.Item
              name={[pair.name, 'question']}
              rules={[{ required: true, whitespace: true, message: c.questionRequired }]}
            >
              <Input placeholder={c.question} maxLength={200} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name={[pair.name, 'answer']}
              rules={[{ required: true, whitespace: true, message: c.answerRequired }]}
            >
              <Input.TextArea placeholder={c.answer} maxLength={2000} autoSize style={{ width: 300 }} />
            </Form.Item>
            <Button type="text" icon={<DeleteOutlined />} aria-label={c.remove} onClick={() => remove(pair.name)} />
          </Space>
        ))}
        <Button size="small" icon={<PlusOutlined />} onClick={() => add({ question: '', answer: '' })}>
          {c.addPair}
        </Button>
      </Space>
    )}
  </Form.List>
);

/** One part: its kind, heading and text, moved up or down or removed; an objection part its pairs. */
const Section = ({
  name,
  index,
  count,
  move,
  remove,
}: {
  name: number;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) => {
  const form = Form.useFormInstance();
  const kind = Form.useWatch(['sections', name, 'kind'], form) as TSectionKind | undefined;
  return (
    <Card
      size="small"
      data-testid={`section-${index}`}
      title={
        <Space>
          <Form.Item name={[name, 'kind']} noStyle>
            <Select
              aria-label={c.sectionKind}
              options={optionsOf(sectionKinds, sectionKindLabel)}
              style={{ width: 110 }}
            />
          </Form.Item>
          <Form.Item
            name={[name, 'heading']}
            noStyle
            rules={[{ required: true, whitespace: true, message: c.headingRequired }]}
          >
            <Input aria-label={c.heading} placeholder={c.heading} maxLength={50} style={{ width: 200 }} />
          </Form.Item>
        </Space>
      }
      extra={
        <Space size={0}>
          <Button
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={c.moveUp}
            disabled={index === 0}
            onClick={() => move(index, index - 1)}
          />
          <Button
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={c.moveDown}
            disabled={index === count - 1}
            onClick={() => move(index, index + 1)}
          />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={c.remove} onClick={() => remove(index)} />
        </Space>
      }
    >
      <Form.Item
        name={[name, 'text']}
        rules={[
          {
            validator: (_r, value: string | undefined) => {
              const pairs = form.getFieldValue(['sections', name, 'pairs']) as unknown[] | undefined;
              return value?.trim() || (pairs?.length ?? 0) > 0
                ? Promise.resolve()
                : Promise.reject(new Error(c.textRequired));
            },
          },
        ]}
      >
        <Input.TextArea
          aria-label={c.text}
          placeholder={c.text}
          maxLength={5000}
          autoSize={{ minRows: 2, maxRows: 8 }}
        />
      </Form.Item>
      {kind === 'objection' && <Pairs section={name} />}
    </Card>
  );
};

/** A script's parts, in the order they are said: added by kind, moved, removed. */
export const ScriptEditor = () => (
  <Form.List
    name="sections"
    rules={[
      {
        validator: (_r, sections: unknown[] | undefined) =>
          sections?.length ? Promise.resolve() : Promise.reject(new Error(c.sectionsRequired)),
      },
    ]}
  >
    {(fields, { add, move, remove }, { errors }) => (
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="script-editor">
        {fields.map((field, index) => (
          <Section key={field.key} name={field.name} index={index} count={fields.length} move={move} remove={remove} />
        ))}
        <Dropdown
          trigger={['click']}
          menu={{
            items: sectionKinds.map((k) => ({ key: k, label: sectionKindLabel[k] })),
            onClick: ({ key }) => add(newSection(key as TSectionKind)),
          }}
        >
          <Button icon={<PlusOutlined />} data-testid="section-add">
            {c.addSection}
          </Button>
        </Dropdown>
        <Form.ErrorList errors={errors} />
      </Space>
    )}
  </Form.List>
);
