import { ArrowLeftOutlined, FileOutlined, ReadOutlined } from '@ant-design/icons';
import { linkedScriptOriginLabel, type TLinkedScript, type TResourceKind, type TResourceRow } from '@yunhu/contract';
import { Button, Drawer, Empty, Input, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { useSettled } from '../../../shared/form/useSettled';
import { useDockInset } from '../../../shared/layout/dockInset';
import { type TScriptContext, useItem, useLinkedScripts, usePanelItems } from '../api';
import { FileView, ScriptView } from './ItemView';
import { QuickReplies } from './QuickReplies';

const c = t.resource;

/** One item of the list: its title and first tags (and why it is first, for the call's own script). */
const ItemButton = ({
  row,
  onOpen,
  testId,
}: {
  row: TResourceRow | TLinkedScript;
  onOpen: (id: number) => void;
  testId: string;
}) => (
  <Button
    type="text"
    block
    icon={row.kind === 'script' ? <ReadOutlined /> : <FileOutlined />}
    onClick={() => onOpen(row.id)}
    data-testid={testId}
    style={{ justifyContent: 'flex-start', height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
  >
    <span style={{ flex: 1 }}>{row.title}</span>
    {'origin' in row && (
      <Tag color={row.origin === 'task' ? 'blue' : 'purple'}>{linkedScriptOriginLabel[row.origin]}</Tag>
    )}
    {row.tags.slice(0, 2).map((tag) => (
      <Tag key={tag}>{tag}</Tag>
    ))}
  </Button>
);

/**
 * The items of one kind under its heading (nothing when none matches), and how many more a keyword
 * would find; `shownAbove`: the call's own scripts, listed first and not again here.
 */
const ItemsOfKind = ({
  kind,
  keyword,
  onOpen,
  shownAbove = [],
}: {
  kind: TResourceKind;
  keyword: string;
  onOpen: (id: number) => void;
  shownAbove?: readonly number[];
}) => {
  const page = usePanelItems(kind, keyword);
  const fetched: TResourceRow[] = page.data?.records ?? [];
  const rows = fetched.filter((row) => !shownAbove.includes(row.id));
  const total = page.data?.total ?? 0;
  if (rows.length === 0) return null;
  return (
    <div data-testid={`script-panel-${kind}s`}>
      <Typography.Text type="secondary">{kind === 'script' ? c.panelScripts : c.panelFiles}</Typography.Text>
      {rows.map((row) => (
        <ItemButton key={row.id} row={row} onOpen={onOpen} testId={`script-panel-item-${row.id}`} />
      ))}
      {total > fetched.length && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {c.panelMore(fetched.length, total)}
        </Typography.Text>
      )}
    </div>
  );
};

/** One item read in the panel: a script part by part (each part copied, counting a use), or a file. */
const PanelItem = ({ id, onBack }: { id: number; onBack: () => void }) => {
  const item = useItem(id);
  const d = item.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="script-panel-reader">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} style={{ paddingInline: 0 }}>
        {c.panelBack}
      </Button>
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {d.title}
          </Typography.Title>
          {d.kind === 'script' ? <ScriptView item={d} /> : <FileView item={d} />}
        </>
      )}
    </Space>
  );
};

/**
 * The library's items for the reader: the call's own scripts first (the task's, the line's), then
 * the rest searched, scripts before files, most used first; one opened in place.
 */
const PanelItems = ({ context }: { context: TScriptContext }) => {
  const [words, setWords] = useState('');
  const keyword = useSettled(words.trim());
  const [openId, setOpenId] = useState<number | null>(null);
  const linked = useLinkedScripts(context);
  const scripts = usePanelItems('script', keyword);
  const files = usePanelItems('file', keyword);
  // A keyword searches the whole library: the call's own scripts are listed only without one.
  const own = keyword ? [] : (linked.data ?? []);
  const isEmpty =
    own.length === 0 &&
    scripts.isSuccess &&
    files.isSuccess &&
    scripts.data.records.length === 0 &&
    files.data.records.length === 0;
  if (openId !== null) return <PanelItem id={openId} onBack={() => setOpenId(null)} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        value={words}
        placeholder={c.panelSearch}
        onChange={(e) => setWords(e.target.value)}
        data-testid="script-panel-search"
      />
      {own.length > 0 && (
        <div data-testid="script-panel-linked">
          <Typography.Text type="secondary">{c.panelLinked}</Typography.Text>
          {own.map((row) => (
            <ItemButton key={row.id} row={row} onOpen={setOpenId} testId={`script-panel-linked-${row.id}`} />
          ))}
        </div>
      )}
      <ItemsOfKind kind="script" keyword={keyword} onOpen={setOpenId} shownAbove={own.map((row) => row.id)} />
      <ItemsOfKind kind="file" keyword={keyword} onOpen={setOpenId} />
      {isEmpty && <Empty description={c.panelEmpty} />}
    </Space>
  );
};

/**
 * 话术 at hand during a call: the call's own scripts (its task's, its line's), the library's scripts
 * and files the reader may see, and the quick replies, in a panel on the right. It has no mask and
 * stops above the soft-phone dock, so the page and the call's controls stay usable while it is open;
 * it reads nothing of the phone's state: its opener says which task and line the call is on.
 */
export const ScriptPanel = ({
  isOpen,
  onClose,
  context = {},
}: {
  isOpen: boolean;
  onClose: () => void;
  context?: TScriptContext;
}) => {
  const inset = useDockInset(isOpen);
  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      title={c.panelTitle}
      size={440}
      mask={false}
      rootStyle={{ bottom: inset }}
      styles={{ body: { paddingTop: 0 } }}
    >
      <Tabs
        data-testid="script-panel"
        items={[
          { key: 'items', label: c.tabItems, children: <PanelItems context={context} /> },
          { key: 'quick', label: c.tabQuick, children: <QuickReplies /> },
        ]}
      />
    </Drawer>
  );
};
