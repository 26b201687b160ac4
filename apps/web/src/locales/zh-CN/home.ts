/** The workbench. */
export const home = {
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
} as const;

/** The administrator's onboarding checklist. */
export const onboarding = {
  title: '开通进度',
  progress: (done: number, total: number) => `已完成 ${done}/${total} 步`,
  collapse: '收起',
  expand: '展开',
  done: '已完成',
  todo: '待完成',
  steps: {
    lines: {
      title: '开通线路',
      done: (n: number) => `平台已开通 ${n} 条线路，可以购买坐席`,
      missing: '平台还没有为企业开通可用的线路，坐席管理和拨号时的线路选择会是空的：请联系平台开通线路',
      action: '查看线路',
    },
    seats: {
      title: '购买坐席',
      done: (n: number) => `已有 ${n} 个有效坐席`,
      missing: '还没有有效坐席：拨号时的线路选择是空的，请在坐席管理购买坐席',
      action: '去坐席管理',
    },
    reporting: {
      title: '号码报备',
      done: (n: number) => `已有 ${n} 个外显号码报备审核通过，可用于外呼`,
      missing:
        '外显号码报备审核通过后才能用于外呼：请先在资料提交中提交企业资料，再在报备记录中提交号码报备，等待平台审核',
      action: '去号码报备',
    },
    minutes: {
      title: '购买通话时长',
      done: (n: number) => (n > 0 ? `套餐剩余 ${n} 分钟` : '账户余额可支付通话'),
      missing:
        '还没有可用的通话时长：拨打先扣该线路的套餐分钟，没有套餐时按线路资费从账户余额扣费，请在采购中心购买套餐，或点击「充值」扫码充值账户余额',
      action: '去采购中心',
    },
    staff: {
      title: '添加员工',
      done: (n: number) => `除管理员外已有 ${n} 名员工`,
      missing: '除管理员外还没有员工：请在员工管理新增员工，角色选「坐席」即可拨打电话',
      action: '去员工管理',
    },
    seatAssigned: {
      title: '分配坐席',
      done: (n: number) => `已有 ${n} 个坐席分配给员工`,
      missing: '坐席还没有分配给员工：没有坐席的员工不能拨号，请在坐席管理把坐席分配给员工',
      action: '去分配坐席',
    },
    customers: {
      title: '导入客户',
      done: (n: number) => `已有 ${n} 个客户`,
      missing: '还没有客户：请在我的客户导入或新建客户，再分配给坐席',
      action: '去我的客户',
    },
    firstCall: {
      title: '拨打第一通电话',
      done: (n: number) => `已有 ${n} 条通话记录`,
      missing: '还没有通话：坐席登录后在我的客户里点击拨打，通话结束后可在通话记录查看',
      action: '去通话记录',
    },
  },
} as const;
