/** 呼叫拦截记录: calls the SIP edge refused because no authorised dial request stood behind them. */
export const callIntercept = {
  title: '呼叫拦截记录',
  hint: '软电话账号未经拨号流程直接呼叫外部号码、重复使用或冒用拨号请求、呼叫其他企业分机时，呼叫会在线路入口被拒绝并记录在此。',
  number: '被叫号码',
  numberPlaceholder: '输入号码',
  reason: '拦截原因',
  sipUser: '软电话账号',
  user: '员工',
  dept: '部门',
  sourceIp: '来源地址',
  at: '拦截时间',
} as const;
