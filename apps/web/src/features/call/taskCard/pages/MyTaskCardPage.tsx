import { type TTaskItem, taskResultText } from '@yunhu/contract';
import { Alert, Card, Empty, Progress, Result, Select, Space, Switch, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as t from '../../../../locales/zh-CN';
import { namedOptions } from '../../../../shared/form/options';
import { RowsTable } from '../../../../shared/list/RowsTable';
import { ellipsisColumns } from '../../../../shared/list/useListController';
import { useApp } from '../../../../shared/modal/useApp';
import { useSoftphone } from '../../../softphone';
import { useUsableLines } from '../../api';
import { LinePicker } from '../../components/LinePicker';
import { useCallStore } from '../../store';
import { useDial } from '../../useDial';
import { isLiveCallState, useItemDialled, useItemResult, useItemSkip, useMyCard, useMyTasks } from '../api';
import { AutoDialCountdown } from '../components/AutoDialCountdown';
import { CurrentCustomer } from '../components/CurrentCustomer';
import { ResultCounts } from '../components/TaskFigures';
import { taskProgress } from '../components/TaskProgress';
import { TaskResultModal, type TTaskResultValues } from '../components/TaskResultModal';
import { dialRefusal } from '../dialGate';

const c = t.taskCard;
/** The chosen task and the automatic-dial switch survive a reload (the progress itself is on the server). */
const TASK_KEY = 'yh-task-card-id';
const AUTO_KEY = 'yh-task-card-auto';
const stored = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
};

/**
 * 我的任务 (myTaskCard, kept alive): the agent works his customers of a task one after another.
 * Dialling is the dial flow's; when the call is over (the soft-phone hangs up, or the call-back
 * call's record arrives) the result form opens; with 自动拨号 on, saving it counts down to the next.
 */
export const MyTaskCardPage = () => {
  const tasks = useMyTasks();
  const [taskId, setTaskId] = useState(() => Number(stored(TASK_KEY) ?? 0));
  const [isAuto, setAuto] = useState(() => stored(AUTO_KEY) === '1');
  const chosen = tasks.data?.find((x) => x.id === taskId) ?? tasks.data?.[0] ?? null;
  const card = useMyCard(chosen?.id ?? 0);
  const { dial } = useDial();
  const dialled = useItemDialled();
  const saveResult = useItemResult();
  const skip = useItemSkip();
  const { message } = useApp();
  const lines = useUsableLines();
  const [resultItem, setResultItem] = useState<TTaskItem | null>(null);
  const [countdownItem, setCountdownItem] = useState<TTaskItem | null>(null);
  const formShownFor = useRef('');
  const isInCall = useSoftphone((s) => s.isInCall);
  const wasInCall = useRef(false);

  const data = card.data;
  const current = data?.current ?? null;
  const isRunning = data?.task.status === 'running';
  const isClosed = data?.task.status === 'closed';

  // The task's line, when it names one he holds a seat on, is the line the dial flow uses.
  const taskLineId = data?.task.lineId ?? null;
  useEffect(() => {
    if (taskLineId && lines.data?.some((l) => l.lineId === taskLineId)) useCallStore.getState().setLineId(taskLineId);
  }, [taskLineId, lines.data]);

  const openForm = useCallback((item: TTaskItem) => {
    const key = `${item.id}-${item.attempts}`;
    if (formShownFor.current === key) return;
    formShownFor.current = key;
    setResultItem(item);
  }, []);

  // A call-back call (or a soft-phone call Kamailio reported) is over: its result form opens.
  useEffect(() => {
    if (current?.status === 'dialled' && current.callState && !isLiveCallState(current.callState)) openForm(current);
  }, [current, openForm]);
  // The soft-phone hung up on the current customer.
  useEffect(() => {
    if (wasInCall.current && !isInCall && current?.status === 'dialled') openForm(current);
    wasInCall.current = isInCall;
  }, [isInCall, current, openForm]);

  const refetchCard = card.refetch;
  /**
   * Dials his customer. The card is read again first: the manager may have paused the task, or the
   * customer left it, while the card (or the countdown) was shown; then the countdown stops and he is
   * told why. A dial the server refuses (the task paused in between) refreshes the card the same way.
   */
  const onDial = useCallback(
    async (item: TTaskItem) => {
      setCountdownItem(null);
      const refusal = dialRefusal((await refetchCard()).data, item);
      if (refusal) {
        message.warning(refusal);
        return;
      }
      const outcome = await dial(
        { telB: item.mobile, customerId: item.customerId, taskItemId: item.id, taskId: item.taskId },
        (res) => dialled.mutate({ itemId: item.id, bindId: res.bindId }),
      );
      if (outcome === 'failed') void refetchCard();
    },
    [dial, dialled, refetchCard, message],
  );

  /** After a result or a skip: with 自动拨号 on, the popup counts down to the next customer. */
  const goOn = async () => {
    const next = (await card.refetch()).data;
    if (isAuto && next?.task.status === 'running' && next.current?.status === 'pending') setCountdownItem(next.current);
  };
  const onSave = async (values: TTaskResultValues) => {
    if (!resultItem) return;
    await saveResult.mutateAsync({ itemId: resultItem.id, ...values });
    message.success(c.resultSaved);
    setResultItem(null);
    await goOn();
  };
  const onSkip = async (item: TTaskItem) => {
    setCountdownItem(null);
    await skip.mutateAsync({ itemId: item.id });
    message.success(c.skippedDone);
    await goOn();
  };
  const onAuto = (on: boolean) => {
    setAuto(on);
    store(AUTO_KEY, on ? '1' : '0');
  };
  const onPickTask = (id: number) => {
    setTaskId(id);
    store(TASK_KEY, String(id));
  };

  if (tasks.data?.length === 0) {
    return (
      <Card title={c.myTitle}>
        <Empty description={c.noTasks} />
      </Card>
    );
  }
  return (
    <Card
      title={c.myTitle}
      loading={tasks.isLoading}
      extra={
        <Space wrap>
          <Select
            style={{ minWidth: 200 }}
            value={chosen?.id}
            onChange={onPickTask}
            aria-label={c.pickTask}
            data-testid="my-task-picker"
            options={namedOptions(tasks.data ?? [])}
          />
          <LinePicker />
          <Space>
            {c.autoDial}
            <Switch checked={isAuto} onChange={onAuto} data-testid="my-task-auto" />
          </Space>
        </Space>
      }
    >
      {data && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          {!isRunning && <Alert type="warning" showIcon message={isClosed ? c.closed : c.paused} />}
          <div data-testid="my-task-progress">
            <span>{c.myProgress(data.figures.finished, taskProgress(data.figures).workable)}</span>
            <Progress percent={taskProgress(data.figures).percent} showInfo={false} />
            <Space wrap>
              <span>{`${c.dialled} ${data.figures.dialled}`}</span>
              <span>{`${c.connected} ${data.figures.connected}`}</span>
              {data.figures.deleted > 0 && (
                <Tooltip title={c.deletedHint}>
                  <span data-testid="my-task-deleted">{`${c.deleted} ${data.figures.deleted}`}</span>
                </Tooltip>
              )}
              <ResultCounts results={data.figures.results} />
            </Space>
          </div>
          {current ? (
            <CurrentCustomer
              item={current}
              canDial={isRunning}
              onDial={() => void onDial(current)}
              onResult={() => setResultItem(current)}
              onSkip={() => void onSkip(current)}
            />
          ) : (
            !isClosed && <Result status="success" title={c.allDone} data-testid="my-task-done" />
          )}
          <Card size="small" title={c.queue}>
            <RowsTable<TTaskItem>
              rowKey="id"
              rows={data.queue}
              emptyText={c.queueEmpty}
              columns={ellipsisColumns<TTaskItem>([
                { key: 'customerName', title: c.customer, dataIndex: 'customerName' },
                { key: 'mobile', title: c.mobile, dataIndex: 'mobile' },
                { key: 'result', title: c.result, render: (_v, x) => (x.result ? taskResultText[x.result] : '') },
              ])}
            />
          </Card>
        </Space>
      )}
      <TaskResultModal item={resultItem} onSubmit={onSave} onCancel={() => setResultItem(null)} />
      <AutoDialCountdown
        key={countdownItem?.id ?? 0}
        next={countdownItem}
        seconds={data?.task.countdownSeconds ?? 5}
        onDial={() => countdownItem && void onDial(countdownItem)}
        onStop={() => {
          setCountdownItem(null);
          onAuto(false);
        }}
        onSkip={() => countdownItem && void onSkip(countdownItem)}
      />
    </Card>
  );
};
