/** What the 数据采集 pages say (shared by the page shell and its tabs). */
export const C = {
  tabs: {
    fill: '我的填报',
    audit: '审核',
    forms: '表单管理',
    constants: '常量管理',
    tasks: '采集任务',
  },
  loading: '加载中…',
  actions: '操作',
  edit: '修改',
  delete: '删除',
  cancel: '取消',
  save: '保存',
  close: '关闭',
  confirm: '确定',
  nothingHere: '暂无可用的数据采集功能',
} as const;
