/** The workbench. */
export const homeTexts = {
  home: {
    greeting: (name: string) => `您好，${name}`,
    enterprise: '所属企业',
    authState: '认证状态',
    roles: '角色',
    dept: '部门',
    lastLogin: '登录时间',
    neverLogin: '首次登录',
    unreadNotices: '未读通知',
    latestNotices: '最新通知',
    shortcuts: '快捷入口',
    noShortcut: '暂无可用入口',
    refreshed: '工作台已刷新',
  },
} as const;
