// The background jobs screen's labels, apart from its zod schemas so the web reaches them without
// zod; platform-jobs.ts re-exports them under the same names.

/** 后台任务: the platform operator sees the server's jobs and runs a failed one again. */
export const JobPerm = {
  list: 'platform:job:list',
  retry: 'platform:job:retry',
} as const;

/** A run's states, as the job queue (pg-boss) names them. */
export const jobStates = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

export const jobStateLabel: Record<(typeof jobStates)[number], string> = {
  created: '等待运行',
  retry: '等待重试',
  active: '运行中',
  completed: '已完成',
  cancelled: '已取消',
  failed: '失败',
};

/** The server's jobs by name (apps/server: each area defines its own); another name shows as it is. */
export const jobNameLabel: Record<string, string> = {
  'crm.release': '客户自动放入公海',
  'import.recovery': '中断导入的恢复',
  'call.recording-sweep': '遗留录音的处理',
  'trade.orders': '订单支付同步与过期关闭',
  'trade.seat-renewal': '坐席自动续费',
  'billing.low-balance': '余额不足提醒',
  'db.maintenance': '数据库统计维护',
  'db.queue-vacuum': '任务队列表清理',
};
