// The console's side menu as SPEC §2 lists it, and the pages added since (zh-CN label, path), in order: the unit
// and e2e tests check the menu against this one list.
export const SPEC_CONSOLE_MENU: readonly (readonly [label: string, path: string])[] = [
  ['概览', '/console/overview'],
  ['静态IP购买', '/console/buyStaticIP'],
  ['IP列表', '/console/ipList'],
  ['购买订单', '/console/ipOrderList'],
  ['流量购买', '/console/buyTrafficFlow'],
  ['流量历史', '/console/trafficFlowHistory'],
  ['流量包列表', '/console/trafficFlowPackList'],
  ['子账号', '/console/subUsers'],
  ['请求统计', '/console/tunnelStats'],
  ['充值', '/console/recharge'],
  ['账单记录', '/console/businessFlow'],
  // Not in the SPEC: the receipts of issue 29, beside the billing records.
  ['收据', '/console/receipts'],
  ['告警通知', '/console/alerts'],
]
