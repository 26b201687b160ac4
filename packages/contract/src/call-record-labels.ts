// The call-record area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; call-record.ts re-exports them under the same names.

/** call_records.callStatus (DESIGN.md section 4). */
export const callStatusName: Record<number, string> = { 1: '已接通', 2: '未接听', 3: '占线', 4: '呼叫失败' };

/** call_records.finishStatus. */
export const finishStatusName: Record<number, string> = { 1: '主叫挂断', 2: '被叫挂断', 3: '无人接听', 4: '系统结束' };

/** call_records.callType (migration 0040): the dial flow's calls, calls in, agent to agent. */
export const callTypeName: Record<number, string> = { 1: '外呼', 2: '呼入', 3: '内部' };
