/** 后台任务: the server's background jobs, for the platform operator. */
export const platformJobs = {
  title: '后台任务',
  hint: '服务器的定时任务与启动时任务（自动放入公海、订单同步、余额提醒等）每次运行的记录；失败的任务会自动重试，重试用尽后可在此重新运行。记录保留三天。',
  name: '任务',
  state: '状态',
  attempts: '运行次数',
  error: '最近错误',
  createdAt: '创建时间',
  runAfter: '计划运行',
  startedAt: '开始时间',
  finishedAt: '结束时间',
  actions: '操作',
  all: '全部',
  onlyFailed: '只看失败',
  retry: '重新运行',
  retryConfirm: (name: string) => `重新运行「${name}」？`,
  retried: (name: string) => `已重新加入队列：${name}`,
} as const;
