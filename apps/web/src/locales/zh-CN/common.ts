/** Texts of the shell (app, layout) and of every screen (common). */
export const app = {
  defaultTitle: '云呼外呼管理平台',
  noticeTitle: '温馨提示',
  unknownError: '未知错误',
  expired: '登录已过期，请重新登录',
  networkUnstable: '网络不稳定，请稍后重试',
  chunkFailed: '页面加载失败，可能是网络不稳定或系统已更新',
  retry: '重新加载',
  loading: '加载中…',
  notFound: '页面不存在',
  backHome: '返回首页',
  noPermission: '您没有访问该页面的权限',
} as const;

export const common = {
  search: '查询',
  /** A filter's placeholder: nothing chosen means no condition. */
  all: '全部',
  reset: '重置',
  confirm: '确定',
  cancel: '取消',
  save: '保存',
  edit: '修改',
  view: '查看',
  back: '返回',
  export: '导出',
  columns: '列设置',
  moveUp: '上移',
  moveDown: '下移',
  total: (n: number) => `共 ${n} 条`,
  selected: (n: number) => `已选 ${n} 项`,
  /** A form's text left empty (requiredText). */
  required: (label: string) => `请输入${label}`,
  /** A list's free-text search over several fields (KeywordFilter). */
  keyword: '关键词',
  /** The platform's condition on the enterprise in its queues of every enterprise's requests. */
  enterpriseName: '企业名称',
  /** A notice's fields (the platform's 通知 and an agent's 公告 alike). */
  notice: {
    title: '标题',
    content: '内容',
    audienceAll: '全部企业',
    audienceChosen: '指定企业',
    targets: '接收企业',
  },
  success: '操作成功',
  sendCode: '获取验证码',
  resend: (s: number) => `${s}秒后重新获取`,
  codeSent: '验证码已发送',
  reclickDemo: '刷新工作台',
  showPhone: '显示完整号码',
  hidePhone: '隐藏号码',
} as const;

export const layout = {
  logout: '退出登录',
  personalCenter: '个人中心',
  notices: '通知',
  allRead: '全部已读',
  viewAll: '查看全部',
  noNotice: '暂无通知',
  unread: '未读',
  read: '已读',
  noticeDrawerTitle: '我的通知',
  loggedOut: '已退出登录',
  collapse: '收起菜单',
} as const;

/** The first administrator of an organisation the platform creates (an agent, an enterprise). */
export const administrator = {
  contactName: '联系人',
  mobile: '联系人手机号',
  username: '管理员账号',
  usernameHint: '4-32位字母、数字或下划线，以字母开头',
  password: '初始密码',
  passwordHint: '8-32位，同时包含字母和数字；管理员首次登录时须修改',
} as const;

/** The identity numbers a form asks for (实名认证, 号码报备) and their check's words. */
export const identityNumber = {
  creditCodeBad: '统一社会信用代码格式不正确（18位，含校验位）',
  idCardNoBad: '身份证号格式不正确（18位，含校验位）',
} as const;

/** The day range of a statistics screen: 客户统计 and 话务统计 offer the same presets. */
export const statisticsDays = {
  presets: { today: '今天', last7: '近7天', last30: '近30天' },
  range: '统计日期',
} as const;
