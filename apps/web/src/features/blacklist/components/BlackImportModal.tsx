import { blacklistLimits, routeTables, type TBlackImportResult, type TBlackLevel } from '@yunhu/contract';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { download, upload } from '../../../shared/http/api';
import { listApi, useReloadList } from '../api';

const b = t.blacklist;

/**
 * 导入黑名单: template, choose a file → the server checks it and lists every bad row (bad number,
 * repeated in the file, bad expiry) and every number already listed, writing nothing → confirm
 * sends the same file again to write the good rows.
 */
export const BlackImportModal = (props: { level: TBlackLevel; open: boolean; onClose: () => void }) => {
  const reload = useReloadList(props.level);
  const route = listApi[props.level].routes.importExcel;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TBlackImportResult | null>(null);
  const [done, setDone] = useState<TBlackImportResult | null>(null);
  const [isBusy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setPreview(null);
    setDone(null);
    props.onClose();
  };
  const check = async (chosen: File) => {
    setBusy(true);
    setDone(null);
    setFile(chosen);
    try {
      setPreview(await upload(route, chosen, { dryRun: '1' }));
    } catch {
      setPreview(null);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setDone(await upload(route, file, { dryRun: '0' }));
      setPreview(null);
      await reload();
    } catch {
      // The HTTP client showed the server's message; the preview stays.
    } finally {
      setBusy(false);
    }
  };
  const problems = preview ? [...preview.errors, ...preview.skipped].sort((x, y) => x.row - y.row) : [];
  const isCut =
    preview !== null && (preview.invalidCount > preview.errors.length || preview.skippedCount > preview.skipped.length);

  return (
    <Modal open={props.open} title={b.importTitle} onCancel={close} footer={null} width={680} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space>
          <span>{b.importStep1}</span>
          <Button
            type="link"
            onClick={() => download(routeTables.blacklist.importTemplate, {}, `${b.templateName}.xlsx`)}
          >
            {b.downloadTemplate}
          </Button>
        </Space>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          beforeUpload={(chosen) => {
            void check(chosen);
            return false;
          }}
        >
          <Button loading={isBusy && !preview} data-testid="black-import-file">
            {b.chooseFile}
          </Button>
        </Upload>
        {preview && (
          <>
            <Alert
              type={preview.invalidCount || preview.skippedCount ? 'warning' : 'success'}
              showIcon
              title={
                b.importSummary(preview.total, preview.validCount, preview.invalidCount, preview.skippedCount) +
                (isCut ? b.importListedNote(blacklistLimits.importListed) : '')
              }
              data-testid="black-import-summary"
            />
            {problems.length > 0 && (
              <Table
                size="small"
                rowKey={(r) => `${r.row}-${r.reason}`}
                dataSource={problems}
                pagination={{ pageSize: 8, showSizeChanger: false }}
                columns={[
                  { key: 'row', title: b.row, dataIndex: 'row', width: 70 },
                  { key: 'number', title: b.number, dataIndex: 'number', width: 150 },
                  { key: 'reason', title: b.problem, dataIndex: 'reason' },
                ]}
                data-testid="black-import-problems"
              />
            )}
            <Button
              type="primary"
              disabled={preview.validCount === 0}
              loading={isBusy}
              onClick={confirm}
              data-testid="black-import-confirm"
            >
              {preview.validCount ? b.confirmImport(preview.validCount) : b.noValidRows}
            </Button>
          </>
        )}
        {done && <Alert type="success" showIcon title={b.importDone(done.added)} data-testid="black-import-done" />}
      </Space>
    </Modal>
  );
};
