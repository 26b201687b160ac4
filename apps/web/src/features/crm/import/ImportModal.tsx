import { routeTables, type TCrmImportState } from '@yunhu/contract';
import { Alert, Button, Modal, Progress, Radio, Space, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { call, download, upload } from '../../../shared/http/api';
import { ImportPreview, type TImportPreview } from './ImportPreview';

export type TImportKind = 'customer' | 'follow';
const r = routeTables.crmImport;

/**
 * 导入客户 / 导入跟进记录: template → options → upload → preview of every bad row and duplicate
 * (nothing written yet) → confirm → progress polled from the server → result with its report.
 */
export const ImportModal = ({
  kind,
  open,
  onClose,
  onDone,
}: {
  kind: TImportKind;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const t2 = t.crmImport;
  const [target, setTarget] = useState<'private' | 'public'>('private');
  const [duplicateMode, setDuplicateMode] = useState<'skip' | 'update'>('skip');
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [state, setState] = useState<TCrmImportState | null>(null);
  const [isChecking, setChecking] = useState(false);
  const isRunning = state?.status === 'running';

  useEffect(() => {
    if (!isRunning || !state) return;
    const timer = setInterval(() => {
      call(r.importState, { batchId: state.batchId })
        .then(setState)
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [isRunning, state]);
  // The parent passes a fresh callback each render; only the change to done calls it, once.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (state?.status === 'done') onDoneRef.current();
  }, [state?.status]);

  const reset = () => {
    setPreview(null);
    setState(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const check = async (file: File) => {
    setChecking(true);
    reset();
    try {
      setPreview(
        kind === 'customer'
          ? await upload(r.importPreview, file, { target, duplicateMode })
          : await upload(r.followImportPreview, file),
      );
    } catch {
      // The message is shown by the http client.
    } finally {
      setChecking(false);
    }
  };
  const confirm = async () => {
    if (!preview) return;
    try {
      setState(
        kind === 'customer'
          ? await call(r.importConfirm, { batchId: preview.batchId, duplicateMode })
          : await call(r.followImportConfirm, { batchId: preview.batchId }),
      );
    } catch {
      // Shown by the http client.
    }
  };
  const report = (batchId: string) => download(r.importReport, { batchId }, `${t2.reportName}.xlsx`);
  const isLocked = isChecking || !!state;

  return (
    <Modal
      open={open}
      title={kind === 'customer' ? t2.customerTitle : t2.followTitle}
      onCancel={close}
      footer={null}
      width={720}
      destroyOnHidden
      mask={{ closable: !isRunning }}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <span>{t2.step1}</span>
          <Button
            type="link"
            onClick={() =>
              download(
                r.importTemplate,
                { kind },
                `${kind === 'customer' ? t2.customerTemplateName : t2.followTemplateName}.xlsx`,
              )
            }
          >
            {t2.downloadTemplate}
          </Button>
        </Space>
        {kind === 'customer' && (
          <>
            <Space>
              <span>{t2.target}</span>
              <Radio.Group
                value={target}
                disabled={isLocked || !!preview}
                onChange={(e) => setTarget(e.target.value)}
                options={[
                  { value: 'private', label: t2.targetPrivate },
                  { value: 'public', label: t2.targetPublic },
                ]}
              />
            </Space>
            <Space>
              <span>{t2.duplicateMode}</span>
              <Radio.Group
                value={duplicateMode}
                disabled={isLocked}
                onChange={(e) => setDuplicateMode(e.target.value)}
                options={[
                  { value: 'skip', label: t2.duplicateSkip },
                  { value: 'update', label: t2.duplicateUpdate },
                ]}
              />
            </Space>
          </>
        )}
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          disabled={isLocked}
          beforeUpload={(file) => {
            void check(file);
            return false;
          }}
        >
          <Button loading={isChecking} disabled={isLocked} data-testid="crm-import-file">
            {isChecking ? t2.checking : t2.chooseFile}
          </Button>
        </Upload>
        {preview && !state && (
          <>
            <ImportPreview preview={preview} />
            <Space>
              <Button
                type="primary"
                disabled={preview.validCount === 0}
                onClick={() => void confirm()}
                data-testid="crm-import-confirm"
              >
                {preview.validCount ? t2.confirm(preview.validCount) : t2.noValidRows}
              </Button>
              <Button onClick={() => void report(preview.batchId)}>{t2.downloadReport}</Button>
            </Space>
          </>
        )}
        {state && (
          <>
            <Progress
              percent={state.validCount ? Math.floor((state.processed / state.validCount) * 100) : 100}
              status={state.status === 'failed' ? 'exception' : undefined}
            />
            {isRunning && <span>{t2.running(state.processed, state.validCount)}</span>}
            {state.status === 'done' && (
              <Alert
                type={state.skipped ? 'warning' : 'success'}
                showIcon
                title={t2.done(state.inserted, state.updated, state.skipped)}
                description={state.message || undefined}
                data-testid="crm-import-done"
              />
            )}
            {state.status === 'failed' && <Alert type="error" showIcon title={state.message || t2.failed} />}
            {!isRunning && (
              <Space>
                {/* Interrupted (server restart) or failed midway: the server writes the rest, none twice. */}
                {state.status === 'failed' && state.processed < state.validCount && (
                  <Button type="primary" onClick={() => void confirm()} data-testid="crm-import-resume">
                    {t2.resume}
                  </Button>
                )}
                <Button onClick={() => void report(state.batchId)} data-testid="crm-import-report">
                  {t2.downloadResult}
                </Button>
                <Button onClick={reset}>{t2.again}</Button>
              </Space>
            )}
          </>
        )}
      </Space>
    </Modal>
  );
};
