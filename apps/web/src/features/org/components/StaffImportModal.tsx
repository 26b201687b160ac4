import { useQueryClient } from '@tanstack/react-query';
import { routeTables, type TImportState } from '@yunhu/contract';
import { Alert, Button, Modal, Progress, Space, Table, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { call, download, upload } from '../../../shared/http/api';

type TPreview = TImportState & { errors: { row: number; reason: string }[] };

/**
 * 导入员工: template, upload → preview listing every bad row (nothing written yet) → confirm →
 * progress until the server reports done.
 */
export const StaffImportModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const client = useQueryClient();
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [state, setState] = useState<TImportState | null>(null);
  const [isChecking, setChecking] = useState(false);
  const isRunning = state?.status === 'running';
  // A batch whose writing server died reads previewed again (nothing written); a failed one wrote nothing either.
  const canConfirm = !state || state.status === 'previewed' || state.status === 'failed';

  useEffect(() => {
    if (!isRunning || !state) return;
    const timer = setInterval(() => {
      call(routeTables.orgStaff.staffImportState, { batchId: state.batchId })
        .then(setState)
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [isRunning, state]);
  useEffect(() => {
    if (state?.status === 'done') void client.invalidateQueries({ queryKey: ['staffManage'] });
  }, [state?.status, client]);

  const close = () => {
    setPreview(null);
    setState(null);
    onClose();
  };
  const check = async (file: File) => {
    setChecking(true);
    setState(null);
    try {
      setPreview(await upload(routeTables.orgStaff.staffImport, file));
    } catch {
      setPreview(null);
    } finally {
      setChecking(false);
    }
  };
  const confirm = () =>
    preview &&
    call(routeTables.orgStaff.staffImportConfirm, { batchId: preview.batchId })
      .then(setState)
      .catch(() => undefined);

  return (
    <Modal open={open} title={t.org.importTitle} onCancel={close} footer={null} width={640} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space>
          <span>{t.org.importStep1}</span>
          <Button
            type="link"
            onClick={() => download(routeTables.orgStaff.staffImportTemplate, {}, `${t.org.importTemplateName}.xlsx`)}
          >
            {t.org.downloadTemplate}
          </Button>
        </Space>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void check(file);
            return false;
          }}
        >
          <Button loading={isChecking} disabled={isRunning} data-testid="staff-import-file">
            {t.org.chooseFile}
          </Button>
        </Upload>
        {preview && canConfirm && (
          <>
            <Alert
              type={preview.invalidCount ? 'warning' : 'success'}
              showIcon
              title={t.org.importSummary(preview.total, preview.validCount, preview.invalidCount)}
              data-testid="staff-import-summary"
            />
            {preview.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(r) => `${r.row}-${r.reason}`}
                dataSource={preview.errors}
                pagination={{ pageSize: 8, showSizeChanger: false }}
                columns={[
                  { key: 'row', title: t.org.row, dataIndex: 'row', width: 80 },
                  { key: 'reason', title: t.org.reason, dataIndex: 'reason' },
                ]}
              />
            )}
            <Button
              type="primary"
              disabled={preview.validCount === 0}
              onClick={confirm}
              data-testid="staff-import-confirm"
            >
              {preview.validCount ? t.org.confirmImport(preview.validCount) : t.org.noValidRows}
            </Button>
          </>
        )}
        {state && state.status !== 'previewed' && (
          <>
            <Progress percent={state.validCount ? Math.round((state.processed / state.validCount) * 100) : 100} />
            {state.status === 'running' && <span>{t.org.importing}</span>}
            {state.status === 'done' && (
              <Alert
                type="success"
                showIcon
                title={t.org.importDone(state.imported, state.skipped)}
                data-testid="staff-import-done"
              />
            )}
            {state.status === 'failed' && <Alert type="error" showIcon title={state.message || t.org.importFailed} />}
          </>
        )}
      </Space>
    </Modal>
  );
};
