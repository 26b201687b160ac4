/** 空号检测: on a customer import before its confirm and on 批量匹配's unlocked contacts. */
export const numberCheckTexts = {
  numberCheck: {
    title: '空号检测',
    hint: (total: number, unchecked: number, price: string, amount: string, balance: string) =>
      `共 ${total} 个手机号，未检测 ${unchecked} 个；每个 ¥${price}，本次需 ¥${amount}（余额 ¥${balance}）。同一批次每个号码只扣一次费。`,
    checker: (name: string) => `检测服务：${name}`,
    run: (amount: string) => `开始检测（¥${amount}）`,
    runDone: '检测完成',
    allChecked: '已全部检测',
    exclude: '一键排除空号/停机',
    excludeDone: (n: number) => `已排除 ${n} 个号码`,
    excluded: (n: number) => `已排除 ${n} 个`,
    showRows: '查看检测结果',
    mobile: '手机号',
    result: '检测结果',
    isExcluded: '已排除',
    rateTitle: '空号检测资费',
    rateHint: '每检测一个号码从企业余额扣费，同一批次同一号码只扣一次；修改后对之后的检测生效。',
    ratePrice: '单价（元/个）',
    rateSave: '保存资费',
    rateSaved: '资费已保存',
    rateSince: (by: string, at: string) => `${by} 于 ${at} 设置`,
  },
};
