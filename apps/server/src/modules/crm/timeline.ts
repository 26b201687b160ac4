import {
  followMethodLabel,
  maskPhone,
  minSecText,
  ownerActionLabel,
  type TOwnerAction,
  type TTimelineItem,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { crmRepository as repo } from './crm.repository.js';
import type { TViewContext } from './crm.view.js';

const callStatusText: Record<number, string> = { 1: '已接通', 2: '未接听', 3: '占线', 4: '呼叫失败' };
const visitResultText: Record<string, string> = {
  satisfied: '满意',
  normal: '一般',
  unsatisfied: '不满意',
  unreachable: '未联系上',
};

/** One sentence per owner change: 分配给 张三, 王强 领取, 放入公海（原因）… */
const ownerText = (action: TOwnerAction, from: string | null, to: string | null, reason: string) => {
  const why = reason ? `（${reason}）` : '';
  switch (action) {
    case 'create':
    case 'import':
      return `${ownerActionLabel[action]}客户${to ? `，负责人 ${to}` : '，放入公海'}`;
    case 'allocate':
      return `分配给 ${to ?? ''}${from ? `（原负责人 ${from}）` : ''}${why}`;
    case 'claim':
      return `${to ?? ''} 从公海领取`;
    case 'transfer':
      return `从 ${from ?? ''} 转移给 ${to ?? ''}${why}`;
    case 'release':
    case 'auto_release':
      return `${ownerActionLabel[action]}${from ? `（原负责人 ${from}）` : ''}${why}`;
    case 'recycle':
      return `删除到回收站${why}`;
    case 'recover':
      return `从回收站恢复${to ? `，负责人 ${to}` : '到公海'}${why}`;
  }
};

type TRead = (tx: TDb, tenantId: number, customerId: number, vc: TViewContext) => Promise<TTimelineItem[]>;

const follows: TRead = async (tx, tenantId, customerId) =>
  (await repo.follows(tx, tenantId, customerId)).map(({ r, userName }) => ({
    kind: 'follow',
    id: r.id,
    at: r.createdAt.getTime(),
    userName,
    content: r.content,
    detail: {
      method: r.method,
      methodLabel: followMethodLabel[r.method as keyof typeof followMethodLabel] ?? r.method,
      nextFollowAt: r.nextFollowAt?.getTime() ?? null,
    },
  }));

const comments: TRead = async (tx, tenantId, customerId) =>
  (await repo.comments(tx, tenantId, customerId)).map(({ r, userName }) => ({
    kind: 'comment',
    id: r.id,
    at: r.createdAt.getTime(),
    userName,
    content: r.content,
    detail: {},
  }));

const visits: TRead = async (tx, tenantId, customerId) =>
  (await repo.visits(tx, tenantId, customerId)).map(({ r, userName }) => ({
    kind: 'visit',
    id: r.id,
    at: r.visitAt.getTime(),
    userName,
    content: `回访（${visitResultText[r.result] ?? r.result}）：${r.content}`,
    detail: { result: r.result, visitAt: r.visitAt.getTime() },
  }));

const owners: TRead = async (tx, tenantId, customerId) =>
  (await repo.ownerLogsOf(tx, tenantId, customerId)).map(({ r, operatorName, fromName, toName }) => {
    const action = r.action as TOwnerAction;
    return {
      kind: 'owner',
      id: r.id,
      at: r.createdAt.getTime(),
      // The automatic release has no operator.
      userName: operatorName ?? (action === 'auto_release' ? '系统' : null),
      content: ownerText(action, fromName, toName, r.reason),
      detail: {
        action,
        actionLabel: ownerActionLabel[action],
        fromUserName: fromName,
        toUserName: toName,
        reason: r.reason,
      },
    };
  });

const calls: TRead = async (tx, tenantId, customerId) =>
  (await repo.callsOf(tx, tenantId, customerId)).map((call) => {
    const status = callStatusText[call.callStatus] ?? '未知';
    return {
      kind: 'call',
      id: call.id,
      at: call.startTime.getTime(),
      userName: call.userName,
      content:
        call.callStatus === 1
          ? `通话 ${minSecText(call.duration)}`
          : `呼叫${status === '呼叫失败' ? '失败' : `，${status}`}`,
      detail: {
        callStatus: call.callStatus,
        callStatusName: status,
        duration: call.duration,
        recordingUrl: call.preRecordUrl,
      },
    };
  });

/** The change log keeps full numbers; people who see masked mobiles see them masked here too. */
const maskedMobile = (value: string) => (/^\d{11}$/.test(value) ? maskPhone(value) : value);

const changes: TRead = async (tx, tenantId, customerId, vc) =>
  (await repo.changesOf(tx, tenantId, customerId)).map(({ r, userName }) => {
    const shown = r.changes.map((ch) =>
      ch.field === 'mobile' && vc.isMasked ? { ...ch, from: maskedMobile(ch.from), to: maskedMobile(ch.to) } : ch,
    );
    return {
      kind: 'change',
      id: r.id,
      at: r.createdAt.getTime(),
      userName,
      content: shown.map((ch) => `${ch.label}：${ch.from} → ${ch.to}`).join('；'),
      detail: { changes: shown },
    };
  });

/** Each kind of the timeline and where it is read from, in the order they are read. */
const readers: [string, TRead][] = [
  ['follow', follows],
  ['comment', comments],
  ['visit', visits],
  ['owner', owners],
  ['call', calls],
  ['change', changes],
];

/**
 * Everything that happened to one customer, newest first (客户动态): follow-ups, comments,
 * return visits, owner changes, calls and field changes, with who did it.
 */
export const buildTimeline = async (
  tx: TDb,
  tenantId: number,
  customerId: number,
  kinds: ReadonlySet<string>,
  vc: TViewContext,
): Promise<TTimelineItem[]> => {
  const items: TTimelineItem[] = [];
  // One after the other: the statements share the request's transaction.
  for (const [kind, read] of readers) if (kinds.has(kind)) items.push(...(await read(tx, tenantId, customerId, vc)));
  return items.sort((a, b) => b.at - a.at || b.id - a.id);
};
