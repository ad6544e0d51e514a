// The sandbox gateway's checkout page: plain HTML forms, no script, so the strict CSP holds.
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const CHANNELS: Record<string, string> = { alipay: '支付宝 Alipay', wxpay: '微信支付 WeChat Pay' }

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f3f5fa;color:#1f2329}
.banner{background:#faad14;color:#1f2329;text-align:center;padding:10px;font-weight:600}
main{max-width:440px;margin:48px auto;background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 4px}p.sub{color:#6b7280;margin:0 0 24px;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:10px 16px;margin:0 0 28px;font-size:14px}dt{color:#6b7280}dd{margin:0;word-break:break-all}
.money{font-size:28px;font-weight:700;color:#2f54eb}
.actions{display:flex;gap:12px}.actions form{flex:1}
button{width:100%;padding:12px;border-radius:8px;border:1px solid #d0d5dd;background:#fff;font-size:16px;cursor:pointer}
button.pay{background:#2f54eb;border-color:#2f54eb;color:#fff}
.note{margin-top:20px;font-size:13px;color:#6b7280}`

export type SandboxTradeView = {
  tradeNo: string
  outTradeNo: string
  type: string
  name: string
  money: string
  status: string
}

export function sandboxCheckoutPage(trade: SandboxTradeView): string {
  const isPending = trade.status === 'pending'
  const actions = isPending
    ? `<div class="actions">
  <form method="post" action="/sandbox-pay/cancel"><input type="hidden" name="trade_no" value="${escapeHtml(trade.tradeNo)}"><button type="submit">取消 Cancel</button></form>
  <form method="post" action="/sandbox-pay/pay"><input type="hidden" name="trade_no" value="${escapeHtml(trade.tradeNo)}"><button class="pay" type="submit">确认支付 Confirm payment</button></form>
</div>`
    : `<p>${trade.status === 'paid' ? '此订单已支付 This order is paid.' : '此订单已取消 This order was cancelled.'}</p>`
  return sandboxPage(
    '沙箱支付 Sandbox checkout',
    `<h1>沙箱收银台 Sandbox checkout</h1>
<p class="sub">测试用支付网关，不会产生真实扣款。A test gateway: no real money moves.</p>
<dl>
  <dt>金额 Amount</dt><dd class="money">¥${escapeHtml(trade.money)}</dd>
  <dt>商品 Item</dt><dd>${escapeHtml(trade.name)}</dd>
  <dt>渠道 Channel</dt><dd>${escapeHtml(CHANNELS[trade.type] ?? trade.type)}</dd>
  <dt>商户订单 Order</dt><dd>${escapeHtml(trade.outTradeNo)}</dd>
  <dt>交易号 Trade</dt><dd>${escapeHtml(trade.tradeNo)}</dd>
</dl>
${actions}
<p class="note">确认后网关会向商户发送签名通知，再跳回商户页面。On confirm the gateway sends a signed notify, then returns you to the shop.</p>`,
  )
}

export function sandboxPage(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><div class="banner">SANDBOX 沙箱环境 — 仅供测试 For testing only</div><main>${body}</main></body></html>`
}

export const sandboxErrorPage = (message: string) =>
  sandboxPage('沙箱支付错误 Sandbox error', `<h1>无法支付 Cannot pay</h1><p>${escapeHtml(message)}</p>`)
