/** 智能分析: a call's signal analysis in 通话记录's drawer. */
export const callAnalysisTexts = {
  callAnalysis: {
    title: '智能分析',
    none: '该通话暂无分析',
    loading: '正在读取分析…',
    reanalyse: '重新分析',
    reanalysed: '已重新加入分析队列',
    failedReason: '失败原因',
    attempts: (n: number) => `已分析 ${n} 次`,
    waiting: '分析排队中，稍后刷新查看',
    agent: '坐席',
    customer: '客户',
    talk: '说话时长',
    share: '说话占比',
    silence: (threshold: number) => `静音（≥${threshold} 秒）`,
    overlap: '抢话',
    interruptions: (agent: number, customer: number) => `坐席抢话 ${agent} 次，客户抢话 ${customer} 次`,
    turns: '话轮',
    customerFirstWords: '客户首次开口',
    neverSpoke: '未开口',
    duration: '录音时长',
    hangUp: '挂断',
    side: { agent: '坐席', customer: '客户' } as Record<'agent' | 'customer', string>,
    hangUpSummary: (last: string | null, afterSec: number, by: string | null) =>
      `${last ? `${last}说完 ${afterSec.toFixed(1)} 秒后，` : ''}${by ? `${by}挂断` : '系统结束通话'}`,
    timeline: '说话时间轴',
    seconds: (s: number) => `${s.toFixed(1)} 秒`,
    percent: (p: number) => `${p.toFixed(1)}%`,
    silenceSummary: (count: number, longest: number, total: number) =>
      count === 0 ? '无' : `${count} 次，最长 ${longest.toFixed(1)} 秒，共 ${total.toFixed(1)} 秒`,
    overlapSummary: (count: number, total: number) => (count === 0 ? '无' : `${count} 次，共 ${total.toFixed(1)} 秒`),
  },
} as const;
