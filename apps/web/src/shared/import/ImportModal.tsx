import { Alert, Button, Modal, Progress, Space, Upload } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import * as t from '../../locales/zh-CN';
import { ImportPreviewPanel } from './ImportPreviewPanel';
import type { TImportPreviewBase, TImportRunBase } from './types';

/** One import as the dialog drives it: what each import (customers, follow-ups, staff, black-list) gives. */
export type TImportSpec<P extends TImportPreviewBase, S extends TImportRunBase> = {
  title: string;
  /** 第一步：下载模板… */
  step1: string;
  /** Prefix of the test ids (`<testId>-file`, `-summary`, `-errors`, `-confirm`, `-done`, …). */
  testId: string;
  downloadTemplate: () => Promise<unknown>;
  /** Uploads the file: the server reads and checks it, writing nothing. */
  check: (file: File) => Promise<P>;
  /** Starts writing what the preview found good (again, after an interruption: the rest). */
  confirm: (preview: P, file: File) => Promise<S>;
  /** The state of a running import, polled each second. */
  poll?: (run: S) => Promise<S>;
  /** Every row with its reason or outcome (after the check, and after the import). */
  report?: (batchId: string) => Promise<unknown>;
  summary: (preview: P) => string;
  /** The rows a confirm will write (the honest count), given the options chosen now. */
  toWrite?: (preview: P) => number;
  confirmText: (n: number) => string;
  doneText: (run: S) => string;
  /** Whether an ended import can be confirmed again to write the rest (继续导入). */
  canResume?: (run: S) => boolean;
  /** Options chosen before the upload (where customers go): `isChecked` once a file is, `isLocked` while busy or written. */
  options?: (state: { isChecked: boolean; isLocked: boolean }) => ReactNode;
  /** A kind's own list under the preview (customers already there). */
  extra?: (preview: P) => ReactNode;
  onDone?: () => void;
};

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : t.app.networkUnstable);

/**
 * The one import dialog: template → choose a file → the check (a sample of what was
 * read, counts per reason, every bad row, blank rows and ignored columns said; nothing written)
 * → confirm with the count of rows it will write → progress → the result, downloadable; an import
 * interrupted midway is continued from where it stopped. A failure stays in the dialog.
 */
export const ImportModal = <P extends TImportPreviewBase, S extends TImportRunBase>({
  spec,
  open,
  onClose,
}: {
  spec: TImportSpec<P, S>;
  open: boolean;
  onClose: () => void;
}) => {
  const k = t.importKit;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [run, setRun] = useState<S | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const isRunning = run?.status === 'running';
  const id = spec.testId;

  const { poll } = spec;
  useEffect(() => {
    if (!isRunning || !run || !poll) return;
    const timer = setInterval(() => {
      poll(run)
        .then(setRun)
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [isRunning, run, poll]);
  // The parent passes a fresh callback each render; only the change to done calls it, once.
  const onDoneRef = useRef(spec.onDone);
  onDoneRef.current = spec.onDone;
  useEffect(() => {
    if (run?.status === 'done') onDoneRef.current?.();
  }, [run?.status]);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setRun(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const check = async (chosen: File) => {
    reset();
    setFile(chosen);
    setBusy(true);
    try {
      setPreview(await spec.check(chosen));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!preview || !file) return;
    setBusy(true);
    setError(null);
    try {
      setRun(await spec.confirm(preview, file));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const toWrite = preview ? (spec.toWrite?.(preview) ?? preview.toWrite) : 0;
  const isLocked = isBusy || !!run;
  const canResume =
    run && !isRunning && (spec.canResume?.(run) ?? (run.status === 'failed' && run.processed < run.validCount));
  const report = spec.report;

  return (
    <Modal
      open={open}
      title={spec.title}
      onCancel={close}
      footer={null}
      width={760}
      destroyOnHidden
      mask={{ closable: !isRunning }}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <span>{spec.step1}</span>
          <Button type="link" onClick={() => void spec.downloadTemplate()}>
            {k.downloadTemplate}
          </Button>
        </Space>
        {spec.options?.({ isChecked: !!preview, isLocked })}
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          disabled={isLocked}
          beforeUpload={(chosen) => {
            void check(chosen);
            return false;
          }}
        >
          <Button loading={isBusy && !preview} disabled={isLocked} data-testid={`${id}-file`}>
            {isBusy && !preview ? k.checking : preview ? k.chooseAgain : k.chooseFile}
          </Button>
        </Upload>
        {error && <Alert type="error" showIcon title={k.fileProblem} description={error} data-testid={`${id}-error`} />}
        {preview && !run && (
          <>
            <ImportPreviewPanel
              preview={preview}
              summary={spec.summary(preview)}
              testId={id}
              extra={spec.extra?.(preview)}
            />
            <Space>
              <Button
                type="primary"
                disabled={toWrite <= 0}
                loading={isBusy}
                onClick={() => void confirm()}
                data-testid={`${id}-confirm`}
              >
                {toWrite > 0 ? spec.confirmText(toWrite) : k.noValidRows}
              </Button>
              {report && preview.batchId && (
                <Button onClick={() => void report(preview.batchId!)}>{k.downloadReport}</Button>
              )}
            </Space>
          </>
        )}
        {run && (
          <>
            {run.status !== 'done' && (
              <Progress
                percent={run.validCount ? Math.floor((run.processed / run.validCount) * 100) : 100}
                status={run.status === 'failed' ? 'exception' : undefined}
              />
            )}
            {isRunning && <span>{k.running(run.processed, run.validCount)}</span>}
            {run.status === 'done' && (
              <Alert
                type={run.message ? 'warning' : 'success'}
                showIcon
                title={spec.doneText(run)}
                description={run.message || undefined}
                data-testid={`${id}-done`}
              />
            )}
            {(run.status === 'failed' || run.status === 'previewed') && (
              <Alert type="error" showIcon title={run.message || k.failed} data-testid={`${id}-failed`} />
            )}
            {!isRunning && (
              <Space>
                {canResume && (
                  <Button type="primary" loading={isBusy} onClick={() => void confirm()} data-testid={`${id}-resume`}>
                    {k.resume}
                  </Button>
                )}
                {report && run.batchId && (
                  <Button onClick={() => void report(run.batchId!)} data-testid={`${id}-report`}>
                    {k.downloadResult}
                  </Button>
                )}
                <Button onClick={reset}>{k.again}</Button>
              </Space>
            )}
          </>
        )}
      </Space>
    </Modal>
  );
};
