import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  isPreviewable,
  resourceKindLabel,
  resourceVisibilityLabel,
  sectionKindLabel,
  type TResourceItem,
  type TScriptSection,
} from '@yunhu/contract';
import { Button, Card, Descriptions, Drawer, Empty, Image, Space, Tag, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { beijingFormat } from '../../../shared/time/beijing';
import { countUse, downloadFile, fileLink, useItem } from '../api';

const c = t.resource;

/** A part as it is pasted: its heading, its text, then each question and its answer. */
export const sectionText = (s: TScriptSection): string =>
  [s.heading, s.text, ...s.pairs.map((p) => `${c.question}：${p.question}\n${c.answer}：${p.answer}`)]
    .filter(Boolean)
    .join('\n');

const copySection = (id: number, s: TScriptSection) =>
  navigator.clipboard
    .writeText(sectionText(s))
    .then(() => {
      feedback.message.success(c.copied);
      void countUse(id);
    })
    .catch(() => undefined);

/** A script as it is read during a call: each part under its heading, copied with one click. */
export const ScriptView = ({ item }: { item: TResourceItem }) =>
  item.sections.length === 0 ? (
    <Empty description={c.emptyScript} />
  ) : (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {item.sections.map((s, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts have no id; their order is the script's.
          key={i}
          size="small"
          data-testid={`script-section-${i}`}
          title={
            <Space>
              <Tag>{sectionKindLabel[s.kind]}</Tag>
              {s.heading}
            </Space>
          }
          extra={
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copySection(item.id, s)}>
              {c.copy}
            </Button>
          }
        >
          {s.text && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{s.text}</Typography.Paragraph>}
          {s.pairs.map((p, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pairs have no id either.
            <div key={j} style={{ marginBottom: 8 }}>
              <Typography.Text strong>{`${c.question}：${p.question}`}</Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {`${c.answer}：${p.answer}`}
              </Typography.Paragraph>
            </div>
          ))}
        </Card>
      ))}
    </Space>
  );

/** A file shown in the page when the browser can (images, PDF), always downloadable; by its signed address. */
export const FileView = ({ item }: { item: TResourceItem }) => {
  const file = item.file!;
  const canPreview = isPreviewable(file.type);
  // Asked again before the five-minute address runs out.
  const link = useQuery({
    queryKey: ['resource', 'link', item.id],
    queryFn: () => fileLink(item.id),
    enabled: canPreview,
    staleTime: 4 * 60_000,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => void downloadFile(item.id, file.originalName).catch(() => undefined)}
        data-testid="resource-download"
      >
        {`${c.download} ${file.originalName}`}
      </Button>
      {!canPreview && <Typography.Text type="secondary">{c.previewNone}</Typography.Text>}
      {canPreview &&
        link.data &&
        (file.type === 'pdf' ? (
          <iframe title={file.originalName} src={link.data} style={{ width: '100%', height: '70vh', border: 0 }} />
        ) : (
          <Image src={link.data} alt={file.originalName} />
        ))}
    </Space>
  );
};

/** One item for its reader: what it is and who may see it, then the script or the file. */
export const ItemView = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const item = useItem(id);
  const d = item.data;
  return (
    <Drawer open={id !== null} size={720} title={d?.title ?? c.open} onClose={onClose} destroyOnHidden>
      {d && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="resource-view">
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={c.kind}>{resourceKindLabel[d.kind]}</Descriptions.Item>
            <Descriptions.Item label={c.folder}>{d.folderName ?? c.noFolder}</Descriptions.Item>
            <Descriptions.Item label={c.tags}>
              {d.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={c.visibility}>
              {d.audience.length > 0
                ? `${resourceVisibilityLabel[d.visibility]}：${d.audience.join('、')}`
                : resourceVisibilityLabel[d.visibility]}
            </Descriptions.Item>
            <Descriptions.Item label={c.owner}>{d.ownerName}</Descriptions.Item>
            <Descriptions.Item label={c.updatedAt}>{beijingFormat(d.updatedAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
          </Descriptions>
          {d.kind === 'script' ? <ScriptView item={d} /> : <FileView item={d} />}
        </Space>
      )}
    </Drawer>
  );
};
